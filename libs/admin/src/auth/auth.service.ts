import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { apiError, EventMetadata, EventStore, normaliseEmail, RateLimiter, SettingsOf } from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { IsNull, MoreThan, Repository } from 'typeorm';
import { AdminPasswordReset } from './entities/admin-password-reset.entity';
import { AdminUser } from './entities/admin-user.entity';
import {
  ADMIN_USER_STREAM,
  AdminPasswordChanged,
  AdminPasswordResetRequested,
  AdminSignedIn,
  AdminSignedOut,
  AdminUserCreated,
  PasswordChangeReason,
} from './admin-auth.events';
import { checkNewPassword, hashPassword, spendVerifyTime, verifyPassword } from './passwords';
import { ResetTokens, sha256Hex } from './reset-tokens';
import { IssuedSession, SessionsService } from './sessions.service';
import { AdminSettings } from '../admin.settings';

export interface SignedIn {
  user: AdminUser;
  session: IssuedSession;
}

export interface ClientInfo {
  ip?: string;
  userAgent?: string;
}

const stream = (userId: string) => ({ streamType: ADMIN_USER_STREAM, streamId: userId });

/** Staff accounts: sign-in with brute-force limits, sign-out, password change and reset. */
@Injectable()
export class AuthService {
  constructor(
    private readonly events: EventStore,
    private readonly sessions: SessionsService,
    private readonly limiter: RateLimiter,
    private readonly resetTokens: ResetTokens,
    @InjectRepository(AdminUser) private readonly users: Repository<AdminUser>,
    @Inject(AdminSettings.token) private readonly settings: SettingsOf<typeof AdminSettings>,
  ) {}

  /**
   * Failures count per address and per account in Redis (so the limit holds across replicas);
   * past either limit every attempt gets 429 until the window ends, right password or not.
   */
  async signIn(email: string, password: string, client: ClientInfo, meta: EventMetadata): Promise<SignedIn> {
    const windowSeconds = this.settings.ADMIN_LOGIN_WINDOW_MINUTES * 60;
    const accountKey = `admin-login:account:${normaliseEmail(email)}`;
    const ipKey = `admin-login:ip:${client.ip ?? 'unknown'}`;
    const [accountFailures, ipFailures] = await Promise.all([this.limiter.count(accountKey), this.limiter.count(ipKey)]);
    if (accountFailures >= this.settings.ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT || ipFailures >= this.settings.ADMIN_LOGIN_MAX_FAILURES_PER_IP) {
      throw apiError(429, `Too many failed sign-in attempts. Please wait ${this.settings.ADMIN_LOGIN_WINDOW_MINUTES} minutes and try again.`, 'rate_limited');
    }

    const user = await this.users.findOneBy({ emailNormalized: normaliseEmail(email) });
    const valid = user ? await verifyPassword(user.passwordHash, password) : (await spendVerifyTime(password), false);
    if (!user || !valid) {
      await Promise.all([this.limiter.increment(accountKey, windowSeconds), this.limiter.increment(ipKey, windowSeconds)]);
      // The same answer whether or not the account exists.
      throw apiError(401, 'Invalid email or password.', 'invalid_credentials');
    }
    await this.limiter.clear(accountKey);
    return this.startSession(user, client, meta);
  }

  async signOut(session: { id: string; userId: string }, meta: EventMetadata): Promise<void> {
    await this.sessions.revoke(session.id);
    await this.events.append(stream(session.userId), 'any', [AdminSignedOut({ userId: session.userId, sessionId: session.id })], meta);
  }

  /** Signed in: new password, every session of the account revoked, a fresh one for this browser. */
  async changePassword(user: AdminUser, password: string, confirmPassword: string, client: ClientInfo, meta: EventMetadata): Promise<SignedIn> {
    checkNewPassword(password, confirmPassword);
    await this.setPassword(user.id, password, 'change', meta);
    return this.startSession(user, client, meta);
  }

  /** Always the same answer; only a known account gets an email (from the worker). */
  async requestPasswordReset(email: string, meta: EventMetadata): Promise<void> {
    const user = await this.users.findOneBy({ emailNormalized: normaliseEmail(email) });
    if (!user) return;
    const resetId = randomUUID();
    const now = new Date();
    await this.events.transaction(async (tx) => {
      await tx.manager.insert(AdminPasswordReset, {
        id: resetId,
        userId: user.id,
        tokenHash: sha256Hex(this.resetTokens.tokenFor(resetId)),
        createdAt: now,
        expiresAt: new Date(now.getTime() + this.settings.ADMIN_RESET_TOKEN_TTL_MINUTES * 60_000),
        usedAt: null,
      });
      await tx.append(stream(user.id), 'any', [AdminPasswordResetRequested({ userId: user.id, resetId, email: user.email })], meta);
    });
  }

  /** Spends a reset token (once, before it expires), sets the password and signs the person in. */
  async resetPassword(token: string, password: string, confirmPassword: string, client: ClientInfo, meta: EventMetadata): Promise<SignedIn> {
    if (!token) throw apiError(400, 'Invalid reset token', 'invalid_token');
    checkNewPassword(password, confirmPassword);
    const passwordHash = await hashPassword(password);
    const user = await this.events.transaction(async (tx) => {
      // Claiming the row in an UPDATE makes two uses of one token race safely: one wins.
      const claimed = await tx.manager
        .createQueryBuilder()
        .update(AdminPasswordReset)
        .set({ usedAt: () => 'now()' })
        .where({ tokenHash: sha256Hex(token), usedAt: IsNull(), expiresAt: MoreThan(new Date()) })
        .returning(['userId'])
        .execute();
      const userId = (claimed.raw as { user_id: string }[])[0]?.user_id;
      if (!userId) return null;
      await tx.manager.update(AdminUser, { id: userId }, { passwordHash, passwordChangedAt: new Date() });
      await this.sessions.revokeAllFor(userId, tx.manager);
      await tx.append(stream(userId), 'any', [AdminPasswordChanged({ userId, reason: 'reset' })], meta);
      return tx.manager.findOneByOrFail(AdminUser, { id: userId });
    });
    if (!user) throw apiError(400, 'Invalid reset token', 'invalid_token');
    return this.startSession(user, client, meta);
  }

  /** `npm run admin:create`: a new account, or a new password for an existing one. */
  async createOrResetAdmin(email: string, password: string, meta: EventMetadata): Promise<{ user: AdminUser; created: boolean }> {
    checkNewPassword(password, password);
    const existing = await this.users.findOneBy({ emailNormalized: normaliseEmail(email) });
    if (existing) {
      await this.setPassword(existing.id, password, 'cli', meta);
      return { user: existing, created: false };
    }
    const user: AdminUser = {
      id: randomUUID(),
      email: email.trim(),
      emailNormalized: normaliseEmail(email),
      passwordHash: await hashPassword(password),
      passwordChangedAt: new Date(),
      createdAt: new Date(),
    };
    await this.events.transaction(async (tx) => {
      await tx.manager.insert(AdminUser, user);
      await tx.append(stream(user.id), 0, [AdminUserCreated({ userId: user.id, email: user.email })], meta);
    });
    return { user, created: true };
  }

  private async setPassword(userId: string, password: string, reason: PasswordChangeReason, meta: EventMetadata): Promise<void> {
    const passwordHash = await hashPassword(password);
    await this.events.transaction(async (tx) => {
      await tx.manager.update(AdminUser, { id: userId }, { passwordHash, passwordChangedAt: new Date() });
      await this.sessions.revokeAllFor(userId, tx.manager);
      await tx.append(stream(userId), 'any', [AdminPasswordChanged({ userId, reason })], meta);
    });
  }

  private async startSession(user: AdminUser, client: ClientInfo, meta: EventMetadata): Promise<SignedIn> {
    const session = await this.sessions.issue(user.id, client);
    await this.events.append(stream(user.id), 'any', [AdminSignedIn({ userId: user.id, sessionId: session.id })], {
      ...meta,
      actorType: 'admin',
      actorId: user.id,
    });
    return { user, session };
  }
}
