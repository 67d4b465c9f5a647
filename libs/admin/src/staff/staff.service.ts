import { Inject, Injectable } from '@nestjs/common';
import { apiError, EventMetadata, EventStore, normaliseEmail, SettingsOf } from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { AdminSettings } from '../admin.settings';
import { adminUserStream, asStaffMember, AdminUserCreated } from '../auth/admin-auth.events';
import { AdminUsersRepository } from '../auth/admin-users.repository';
import { AuthService, SignInOutcome } from '../auth/auth.service';
import type { ClientInfo } from '../auth/sign-in-limits.service';
import { AdminUser } from '../auth/entities/admin-user.entity';
import { checkNewPassword, hashPassword } from '../auth/passwords';
import { ResetTokens, sha256Hex } from '../auth/reset-tokens';
import { SecondFactorsRepository } from '../auth/second-factors.repository';
import { StaffRole } from '../auth/staff-roles';
import { StaffInvitation } from './entities/staff-invitation.entity';
import { StaffInvitationsRepository } from './staff-invitations.repository';
import {
  STAFF_INVITATION_STREAM,
  StaffInvitationAccepted,
  StaffInvitationResent,
  StaffInvitationRevoked,
  StaffInvited,
  StaffRemoved,
  StaffRoleChanged,
} from './staff.events';

export interface StaffMember {
  id: string;
  email: string;
  role: StaffRole;
  secondFactor: boolean;
  lastSignInAt: string | null;
  createdAt: string;
  you: boolean;
}

export interface OpenInvitation {
  id: string;
  email: string;
  role: StaffRole;
  invitedAt: string;
  expiresAt: string;
  invitedBy: string | null;
}

const INVALID_INVITATION = 'This invitation link has expired or was already used. Ask whoever invited you for a new one.';
const invitationStream = (invitationId: string) => ({ streamType: STAFF_INVITATION_STREAM, streamId: invitationId });

/**
 * The staff: who holds which role, invitations to join, role changes and removals. Admins manage
 * everyone but owners; only an owner invites, changes or removes an owner, and the last owner
 * can be neither demoted nor removed (someone must always be able to manage the team).
 */
@Injectable()
export class StaffService {
  constructor(
    private readonly events: EventStore,
    private readonly users: AdminUsersRepository,
    private readonly invitations: StaffInvitationsRepository,
    private readonly tokens: ResetTokens,
    private readonly auth: AuthService,
    private readonly secondFactors: SecondFactorsRepository,
    @Inject(AdminSettings.token) private readonly settings: SettingsOf<typeof AdminSettings>,
  ) {}

  async team(viewer: AdminUser): Promise<{ staff: StaffMember[]; invitations: OpenInvitation[] }> {
    const [users, open] = await Promise.all([this.users.listWithLastSignIn(), this.invitations.open()]);
    const [withFactor, inviters] = await Promise.all([
      this.secondFactors.withFactorOn(users.map((user) => user.id)),
      this.users.emailsByIds([...new Set(open.map((invitation) => invitation.invitedBy).filter((id): id is string => id !== null))]),
    ]);
    return {
      staff: users.map((user) => ({
        id: user.id,
        email: user.email,
        role: user.role,
        secondFactor: withFactor.has(user.id),
        lastSignInAt: user.lastSignInAt ? new Date(user.lastSignInAt).toISOString() : null,
        createdAt: user.createdAt.toISOString(),
        you: user.id === viewer.id,
      })),
      invitations: open.map((invitation) => this.invitationView(invitation, inviters)),
    };
  }

  async invite(actor: AdminUser, email: string, role: StaffRole, meta: EventMetadata): Promise<OpenInvitation> {
    this.assertMayManage(actor, role);
    const emailNormalized = normaliseEmail(email);
    if (await this.users.findByEmail(emailNormalized)) throw apiError(409, 'This address already has a staff account.', 'already_staff');
    const now = new Date();
    const invitation: StaffInvitation = {
      id: randomUUID(),
      email: email.trim(),
      emailNormalized,
      role,
      tokenHash: '',
      invitedBy: actor.id,
      invitedAt: now,
      expiresAt: this.expiryFrom(now),
      acceptedAt: null,
      revokedAt: null,
    };
    invitation.tokenHash = sha256Hex(this.tokens.invitationTokenFor(invitation.id));
    await this.events.transaction(async (tx) => {
      await this.invitations.revokeExpiredFor(emailNormalized, tx.manager);
      if (await this.invitations.findOpenFor(emailNormalized, tx.manager)) {
        throw apiError(409, 'This address already has an invitation waiting. Send it again from the list instead.', 'already_invited');
      }
      await this.invitations.insert(invitation, tx.manager);
      await tx.append(invitationStream(invitation.id), 0, [StaffInvited({ invitationId: invitation.id, email: invitation.email, role })], meta);
    });
    return this.invitationView(invitation, new Map([[actor.id, actor.email]]));
  }

  /** The same link again, valid for the whole time from now. */
  async resendInvitation(actor: AdminUser, invitationId: string, meta: EventMetadata): Promise<OpenInvitation> {
    const invitation = await this.openInvitation(invitationId);
    this.assertMayManage(actor, invitation.role);
    invitation.expiresAt = this.expiryFrom(new Date());
    await this.events.transaction(async (tx) => {
      await this.invitations.extend(invitation.id, invitation.expiresAt, tx.manager);
      await tx.append(
        invitationStream(invitation.id),
        'any',
        [StaffInvitationResent({ invitationId: invitation.id, email: invitation.email, role: invitation.role })],
        meta,
      );
    });
    return this.invitationView(invitation, await this.users.emailsByIds(invitation.invitedBy ? [invitation.invitedBy] : []));
  }

  async revokeInvitation(actor: AdminUser, invitationId: string, meta: EventMetadata): Promise<void> {
    const invitation = await this.openInvitation(invitationId);
    this.assertMayManage(actor, invitation.role);
    await this.events.transaction(async (tx) => {
      if (!(await this.invitations.revoke(invitation.id, tx.manager))) return;
      await tx.append(invitationStream(invitation.id), 'any', [StaffInvitationRevoked({ invitationId: invitation.id })], meta);
    });
  }

  /** Who an invitation link is for, before they choose a password (400 when it can't be used). */
  async checkInvitation(token: string): Promise<{ email: string; role: StaffRole; expiresAt: string }> {
    const invitation = token ? await this.invitations.findUsable(sha256Hex(token)) : null;
    if (!invitation) throw apiError(400, INVALID_INVITATION, 'invalid_invitation');
    return { email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt.toISOString() };
  }

  /**
   * Spends the link (once, before it expires): the account, with the invitation's role, signed in,
   * or sent to set up its second factor first when every account must have one.
   */
  async acceptInvitation(token: string, password: string, client: ClientInfo, meta: EventMetadata): Promise<SignInOutcome> {
    if (!token) throw apiError(400, INVALID_INVITATION, 'invalid_invitation');
    checkNewPassword(password, password);
    const passwordHash = await hashPassword(password);
    const user = await this.events.transaction(async (tx) => {
      const invitation = await this.invitations.claim(sha256Hex(token), tx.manager);
      if (!invitation) return null;
      if (await this.users.findByEmail(invitation.emailNormalized)) throw apiError(409, 'This address already has a staff account.', 'already_staff');
      const now = new Date();
      const created: AdminUser = {
        id: randomUUID(),
        email: invitation.email,
        emailNormalized: invitation.emailNormalized,
        role: invitation.role,
        passwordHash,
        passwordChangedAt: now,
        createdAt: now,
      };
      await this.users.insert(created, tx.manager);
      // The new account is the actor of its own creation.
      const asNewUser = asStaffMember(meta, created.id);
      await tx.append(adminUserStream(created.id), 0, [AdminUserCreated({ userId: created.id, email: created.email })], asNewUser);
      await tx.append(invitationStream(invitation.id), 'any', [StaffInvitationAccepted({ invitationId: invitation.id, userId: created.id })], asNewUser);
      return created;
    });
    if (!user) throw apiError(400, INVALID_INVITATION, 'invalid_invitation');
    return this.auth.finishSignIn(user, client, meta);
  }

  async changeRole(actor: AdminUser, userId: string, role: StaffRole, meta: EventMetadata): Promise<AdminUser> {
    return this.events.transaction(async (tx) => {
      const owners = await this.users.lockOwners(tx.manager);
      const user = await this.users.findById(userId, tx.manager);
      if (!user) throw apiError(404, 'No staff member with this id.', 'not_found');
      this.assertMayManage(actor, user.role);
      this.assertMayManage(actor, role);
      if (user.role === role) return user;
      if (user.role === 'owner' && owners.length === 1) {
        throw apiError(409, 'This is the last owner: make someone else an owner first.', 'last_owner');
      }
      await this.users.setRole(user.id, role, tx.manager);
      await tx.append(adminUserStream(user.id), 'any', [StaffRoleChanged({ userId: user.id, from: user.role, to: role })], meta);
      return { ...user, role };
    });
  }

  /** Removes the account and signs it out everywhere at once. */
  async remove(actor: AdminUser, userId: string, meta: EventMetadata): Promise<void> {
    if (actor.id === userId) throw apiError(409, "You can't remove yourself: ask another owner or admin.", 'yourself');
    await this.events.transaction(async (tx) => {
      const owners = await this.users.lockOwners(tx.manager);
      const user = await this.users.findById(userId, tx.manager);
      if (!user) throw apiError(404, 'No staff member with this id.', 'not_found');
      this.assertMayManage(actor, user.role);
      if (user.role === 'owner' && owners.length === 1) throw apiError(409, 'This is the last owner: make someone else an owner first.', 'last_owner');
      await this.users.delete(user.id, tx.manager);
      await tx.append(adminUserStream(user.id), 'any', [StaffRemoved({ userId: user.id })], meta);
    });
  }

  /** Only an owner invites, changes or removes an owner, or makes one. */
  private assertMayManage(actor: AdminUser, role: StaffRole): void {
    if (role === 'owner' && actor.role !== 'owner') throw apiError(403, 'Only an owner can invite, change or remove an owner.', 'owners_only');
  }

  private async openInvitation(id: string): Promise<StaffInvitation> {
    const invitation = await this.invitations.findById(id);
    if (!invitation || invitation.acceptedAt || invitation.revokedAt) throw apiError(404, 'No open invitation with this id.', 'not_found');
    return invitation;
  }

  private expiryFrom(now: Date): Date {
    return new Date(now.getTime() + this.settings.STAFF_INVITATION_TTL_HOURS * 3600_000);
  }

  private invitationView(invitation: StaffInvitation, inviters: Map<string, string>): OpenInvitation {
    return {
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      invitedAt: invitation.invitedAt.toISOString(),
      expiresAt: invitation.expiresAt.toISOString(),
      invitedBy: invitation.invitedBy ? (inviters.get(invitation.invitedBy) ?? null) : null,
    };
  }
}
