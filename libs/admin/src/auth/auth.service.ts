import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { apiError, EventMetadata, EventStore, normaliseEmail, SettingsOf } from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { AdminUsersRepository } from './admin-users.repository';
import { AdminUser } from './entities/admin-user.entity';
import {
  adminUserStream,
  asStaffMember,
  AdminPasswordChanged,
  AdminPasswordResetRequested,
  AdminSignedIn,
  AdminSignInFailed,
  AdminSignedOut,
  AdminUserCreated,
  PasswordChangeReason,
} from './admin-auth.events';
import { checkNewPassword, hashPassword, spendVerifyTime, verifyPassword } from './passwords';
import { ResetTokens, sha256Hex } from './reset-tokens';
import { IssuedSession, SessionsService } from './sessions.service';
import { PasswordResetsRepository } from './password-resets.repository';
import type { StaffRole } from './staff-roles';
import { IssuedPendingSignIn, pendingSignInEnded, SecondFactorService } from './second-factor.service';
import { PendingSignIn } from './second-factors.repository';
import { PasskeysService } from './passkeys.service';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { ClientInfo, SignInLimitsService } from './sign-in-limits.service';
import { AdminSettings } from '../admin.settings';

export interface SignedIn {
  user: AdminUser;
  session: IssuedSession;
  /** The account's first sign-in ever (the dashboard greets it as such). */
  firstSignIn: boolean;
}

/**
 * A sign-in whose password was right: a session, or (with a second factor on, or required and
 * not set up yet) a pending sign-in that opens nothing but its second step.
 */
export type SignInOutcome =
  | ({ kind: 'signed-in' } & SignedIn)
  | { kind: 'second-factor-required'; pending: IssuedPendingSignIn }
  | { kind: 'second-factor-setup-required'; pending: IssuedPendingSignIn };

/** Staff accounts: sign-in with brute-force limits, sign-out, password change and reset. */
@Injectable()
export class AuthService implements OnApplicationShutdown {
  private readonly logger = new Logger(AuthService.name);
  /** Reset requests still being worked on after their answer was sent (awaited at shutdown). */
  private readonly pendingResets = new Set<Promise<void>>();

  constructor(
    private readonly events: EventStore,
    private readonly sessions: SessionsService,
    private readonly passkeys: PasskeysService,
    private readonly limits: SignInLimitsService,
    private readonly secondFactor: SecondFactorService,
    private readonly resetTokens: ResetTokens,
    private readonly users: AdminUsersRepository,
    private readonly resets: PasswordResetsRepository,
    @Inject(AdminSettings.token) private readonly settings: SettingsOf<typeof AdminSettings>,
  ) {}

  /**
   * The password, with the sign-in limits (SignInLimitsService). With a second factor on, a
   * right password only starts a pending sign-in, and the limits' failures on the account are
   * cleared only when its second step is done: otherwise a right password would reset the count
   * of wrong codes.
   */
  async signIn(email: string, password: string, client: ClientInfo, meta: EventMetadata): Promise<SignInOutcome> {
    const attempt = this.limits.attempt(email, client);
    await attempt.checkLimits();
    const user = await this.users.findByEmail(normaliseEmail(email));
    const valid = user ? await verifyPassword(user.passwordHash, password) : (await spendVerifyTime(password), false);
    if (!user || !valid) {
      await attempt.failed();
      if (user) await this.events.append(adminUserStream(user.id), 'any', [AdminSignInFailed({ userId: user.id })], asStaffMember(meta, user.id));
      // The same answer whether or not the account exists.
      throw apiError(401, 'Invalid email or password.', 'invalid_credentials');
    }
    const secondStep = await this.secondStepOf(user);
    if (secondStep) return secondStep;
    await attempt.succeeded();
    return { kind: 'signed-in', ...(await this.startSession(user, client, meta)) };
  }

  /** A pending sign-in when the account needs a second step (or must set its factor up), else null. */
  private async secondStepOf(user: AdminUser): Promise<SignInOutcome | null> {
    if (await this.secondFactor.isOn(user.id)) {
      return { kind: 'second-factor-required', pending: await this.secondFactor.startPendingSignIn(user.id, 'second-factor') };
    }
    if (await this.secondFactor.requireSecondFactor()) {
      return { kind: 'second-factor-setup-required', pending: await this.secondFactor.startPendingSignIn(user.id, 'setup') };
    }
    return null;
  }

  /** The second step: a code from the app or a recovery code completes a pending sign-in, once. */
  async completeSecondFactor(pendingToken: string | undefined, code: string, client: ClientInfo, meta: EventMetadata): Promise<SignedIn> {
    const { pending, user } = await this.pendingSecondStep(pendingToken);
    await this.secondFactor.spendCode(user, code, client, meta);
    await this.secondFactor.claimPendingSignIn(pending);
    return this.startSession(user, client, meta);
  }

  /** The account of a pending sign-in waiting for its second step (401 when there is none). */
  async pendingSecondStep(pendingToken: string | undefined): Promise<{ pending: PendingSignIn; user: AdminUser }> {
    const pending = await this.secondFactor.findPendingSignIn(pendingToken);
    if (!pending || pending.purpose !== 'second-factor') throw pendingSignInEnded();
    const user = await this.users.findById(pending.userId);
    if (!user) throw pendingSignInEnded();
    return { pending, user };
  }

  /** The second step by passkey: its signature over this sign-in's challenge completes the pending sign-in, once. */
  async completePasskey(pendingToken: string | undefined, response: AuthenticationResponseJSON, client: ClientInfo, meta: EventMetadata): Promise<SignedIn> {
    const { pending, user } = await this.pendingSecondStep(pendingToken);
    await this.passkeys.verifySignIn(user, response, client, meta);
    await this.secondFactor.claimPendingSignIn(pending);
    return this.startSession(user, client, meta);
  }

  /** A pending sign-in whose account has just set its factor up (it was required) becomes a session. */
  async completeSetup(pending: PendingSignIn, client: ClientInfo, meta: EventMetadata): Promise<SignedIn> {
    await this.secondFactor.claimPendingSignIn(pending);
    const user = await this.users.findById(pending.userId);
    if (!user) throw pendingSignInEnded();
    await this.limits.attempt(user.email, client).succeeded();
    return this.startSession(user, client, meta);
  }

  async signOut(session: { id: string; userId: string }, meta: EventMetadata): Promise<void> {
    await this.sessions.revoke(session.id);
    await this.events.append(adminUserStream(session.userId), 'any', [AdminSignedOut({ userId: session.userId, sessionId: session.id })], meta);
  }

  /**
   * Signed in, with the current password (a stolen session alone can't take the account over):
   * new password, every session and outstanding reset link of the account ended, a fresh
   * session for this browser. Wrong current passwords count as failed sign-ins.
   */
  async changePassword(
    user: AdminUser,
    currentPassword: string,
    password: string,
    confirmPassword: string,
    client: ClientInfo,
    meta: EventMetadata,
  ): Promise<SignedIn> {
    const attempt = this.limits.attempt(user.email, client);
    await attempt.checkLimits();
    if (!(await verifyPassword(user.passwordHash, currentPassword))) {
      await attempt.failed();
      throw apiError(400, 'Current password is incorrect', 'invalid_current_password');
    }
    checkNewPassword(password, confirmPassword);
    await this.setPassword(user.id, password, 'change', meta);
    return this.startSession(user, client, meta);
  }

  /**
   * Always the same answer, in the same time: the lookup and the reset link (emailed by the
   * worker) are made after the answer has gone, so its timing can't tell which accounts exist.
   */
  requestPasswordReset(email: string, meta: EventMetadata): void {
    const work = this.createPasswordReset(email, meta)
      .catch((error: Error) => this.logger.error(`Password reset request failed: ${error.message}`, error.stack))
      .finally(() => this.pendingResets.delete(work));
    this.pendingResets.add(work);
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.pendingResets);
  }

  /** Only a known account gets a reset link. */
  async createPasswordReset(email: string, meta: EventMetadata): Promise<void> {
    const user = await this.users.findByEmail(normaliseEmail(email));
    if (!user) return;
    const resetId = randomUUID();
    const now = new Date();
    await this.events.transaction(async (tx) => {
      await this.resets.insert(
        {
          id: resetId,
          userId: user.id,
          tokenHash: sha256Hex(this.resetTokens.tokenFor(resetId)),
          createdAt: now,
          expiresAt: new Date(now.getTime() + this.settings.ADMIN_RESET_TOKEN_TTL_MINUTES * 60_000),
          usedAt: null,
        },
        tx.manager,
      );
      await tx.append(adminUserStream(user.id), 'any', [AdminPasswordResetRequested({ userId: user.id, resetId, email: user.email })], meta);
    });
  }

  /**
   * Spends a reset token (once, before it expires), sets the password and signs the person in;
   * with a second factor on (or required) the sign-in still waits for its second step, since the
   * emailed link proves only the mailbox.
   */
  async resetPassword(token: string, password: string, confirmPassword: string, client: ClientInfo, meta: EventMetadata): Promise<SignInOutcome> {
    if (!token) throw apiError(400, 'Invalid reset token', 'invalid_token');
    checkNewPassword(password, confirmPassword);
    const passwordHash = await hashPassword(password);
    const user = await this.events.transaction(async (tx) => {
      // Claiming the row in an UPDATE makes two uses of one token race safely: one wins.
      const userId = await this.resets.claim(sha256Hex(token), tx.manager);
      if (!userId) return null;
      await this.users.setPasswordHash(userId, passwordHash, tx.manager);
      await this.sessions.revokeAllFor(userId, tx.manager);
      await this.resets.endResetLinks(userId, tx.manager);
      await tx.append(adminUserStream(userId), 'any', [AdminPasswordChanged({ userId, reason: 'reset' })], meta);
      return this.users.getById(userId, tx.manager);
    });
    if (!user) throw apiError(400, 'Invalid reset token', 'invalid_token');
    return this.finishSignIn(user, client, meta);
  }

  /** The password part is done (a reset, an accepted invitation): the second step it needs, or a session. */
  async finishSignIn(user: AdminUser, client: ClientInfo, meta: EventMetadata): Promise<SignInOutcome> {
    return (await this.secondStepOf(user)) ?? { kind: 'signed-in', ...(await this.startSession(user, client, meta)) };
  }

  /** `npm run admin:create`: a new account with this role, or a new password for an existing one (its role unchanged). */
  async createOrResetAdmin(email: string, password: string, meta: EventMetadata, role: StaffRole = 'owner'): Promise<{ user: AdminUser; created: boolean }> {
    checkNewPassword(password, password);
    const existing = await this.users.findByEmail(normaliseEmail(email));
    if (existing) {
      await this.setPassword(existing.id, password, 'cli', meta);
      return { user: existing, created: false };
    }
    const user: AdminUser = {
      id: randomUUID(),
      email: email.trim(),
      emailNormalized: normaliseEmail(email),
      role,
      passwordHash: await hashPassword(password),
      passwordChangedAt: new Date(),
      createdAt: new Date(),
    };
    await this.events.transaction(async (tx) => {
      await this.users.insert(user, tx.manager);
      await tx.append(adminUserStream(user.id), 0, [AdminUserCreated({ userId: user.id, email: user.email })], meta);
    });
    return { user, created: true };
  }

  private async setPassword(userId: string, password: string, reason: PasswordChangeReason, meta: EventMetadata): Promise<void> {
    const passwordHash = await hashPassword(password);
    await this.events.transaction(async (tx) => {
      await this.users.setPasswordHash(userId, passwordHash, tx.manager);
      await this.sessions.revokeAllFor(userId, tx.manager);
      // A new password, however it was set, ends every reset link still outstanding for the account.
      await this.resets.endResetLinks(userId, tx.manager);
      await tx.append(adminUserStream(userId), 'any', [AdminPasswordChanged({ userId, reason })], meta);
    });
  }

  /** A new session for the account (after a password, a reset, an accepted invitation), recorded as a sign-in. */
  async startSession(user: AdminUser, client: ClientInfo, meta: EventMetadata): Promise<SignedIn> {
    const firstSignIn = !(await this.events.readStream(adminUserStream(user.id))).some((event) => AdminSignedIn.is(event));
    const session = await this.sessions.issue(user.id, client);
    await this.events.append(adminUserStream(user.id), 'any', [AdminSignedIn({ userId: user.id, sessionId: session.id })], asStaffMember(meta, user.id));
    return { user, session, firstSignIn };
  }
}
