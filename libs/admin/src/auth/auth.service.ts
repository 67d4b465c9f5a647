import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { addressKey, apiError, EventMetadata, EventStore, normaliseEmail, RateLimiter, SettingsOf } from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AdminUsersRepository } from './admin-users.repository';
import { AdminUser } from './entities/admin-user.entity';
import {
  ADMIN_USER_STREAM,
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
import { AdminSettings } from '../admin.settings';

export interface SignedIn {
  user: AdminUser;
  session: IssuedSession;
  /** The account's first sign-in ever (the dashboard greets it as such). */
  firstSignIn: boolean;
}

export interface ClientInfo {
  ip?: string;
  userAgent?: string;
}

const stream = (userId: string) => ({ streamType: ADMIN_USER_STREAM, streamId: userId });

/** Past the per-account allowance each attempt on the account waits this long, doubling, up to 8 s. */
export function accountDelayMs(accountFailures: number, allowance: number): number {
  return accountFailures < allowance ? 0 : Math.min(250 * 2 ** (accountFailures - allowance), 8000);
}

/** Staff accounts: sign-in with brute-force limits, sign-out, password change and reset. */
@Injectable()
export class AuthService implements OnApplicationShutdown {
  private readonly logger = new Logger(AuthService.name);
  /** Reset requests still being worked on after their answer was sent (awaited at shutdown). */
  private readonly pendingResets = new Set<Promise<void>>();

  constructor(
    private readonly events: EventStore,
    private readonly sessions: SessionsService,
    private readonly limiter: RateLimiter,
    private readonly resetTokens: ResetTokens,
    private readonly users: AdminUsersRepository,
    private readonly resets: PasswordResetsRepository,
    @Inject(AdminSettings.token) private readonly settings: SettingsOf<typeof AdminSettings>,
  ) {}

  /**
   * Failures count in Redis (so the limits hold across replicas, and in this process while Redis
   * is away): per address, and per account from one address, past either every attempt gets 429
   * until the window ends. Failures on the account from everywhere never refuse its owner: they
   * make each further attempt wait longer, which slows a guesser spread over many addresses.
   */
  async signIn(email: string, password: string, client: ClientInfo, meta: EventMetadata): Promise<SignedIn> {
    const attempt = this.loginAttempt(email, client);
    await attempt.checkLimits();
    const user = await this.users.findByEmail(normaliseEmail(email));
    const valid = user ? await verifyPassword(user.passwordHash, password) : (await spendVerifyTime(password), false);
    if (!user || !valid) {
      await attempt.failed();
      if (user) await this.events.append(stream(user.id), 'any', [AdminSignInFailed({ userId: user.id })], { ...meta, actorType: 'admin', actorId: user.id });
      // The same answer whether or not the account exists.
      throw apiError(401, 'Invalid email or password.', 'invalid_credentials');
    }
    await attempt.succeeded();
    return this.startSession(user, client, meta);
  }

  private loginAttempt(email: string, client: ClientInfo) {
    const { ADMIN_LOGIN_WINDOW_MINUTES: minutes, ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT: perAccount, ADMIN_LOGIN_MAX_FAILURES_PER_IP: perIp } = this.settings;
    const account = normaliseEmail(email);
    const ip = addressKey(client.ip);
    const keys = { account: `admin-login:account:${account}`, pair: `admin-login:account-ip:${account}:${ip}`, ip: `admin-login:ip:${ip}` };
    return {
      checkLimits: async () => {
        const [accountFailures, pairFailures, ipFailures] = await Promise.all([
          this.limiter.count(keys.account, 'in-process'),
          this.limiter.count(keys.pair, 'in-process'),
          this.limiter.count(keys.ip, 'in-process'),
        ]);
        if (pairFailures >= perAccount || ipFailures >= perIp) {
          throw apiError(429, `Too many failed sign-in attempts. Please wait ${minutes} minutes and try again.`, 'rate_limited');
        }
        const delay = accountDelayMs(accountFailures, perAccount);
        if (delay > 0) await sleep(delay);
      },
      failed: async () => {
        await Promise.all(Object.values(keys).map((key) => this.limiter.increment(key, minutes * 60, 'in-process')));
      },
      succeeded: async () => {
        await Promise.all([this.limiter.clear(keys.account), this.limiter.clear(keys.pair)]);
      },
    };
  }

  async signOut(session: { id: string; userId: string }, meta: EventMetadata): Promise<void> {
    await this.sessions.revoke(session.id);
    await this.events.append(stream(session.userId), 'any', [AdminSignedOut({ userId: session.userId, sessionId: session.id })], meta);
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
    const attempt = this.loginAttempt(user.email, client);
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
      const userId = await this.resets.claim(sha256Hex(token), tx.manager);
      if (!userId) return null;
      await this.users.setPasswordHash(userId, passwordHash, tx.manager);
      await this.sessions.revokeAllFor(userId, tx.manager);
      await this.resets.endResetLinks(userId, tx.manager);
      await tx.append(stream(userId), 'any', [AdminPasswordChanged({ userId, reason: 'reset' })], meta);
      return this.users.getById(userId, tx.manager);
    });
    if (!user) throw apiError(400, 'Invalid reset token', 'invalid_token');
    return this.startSession(user, client, meta);
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
      await tx.append(stream(user.id), 0, [AdminUserCreated({ userId: user.id, email: user.email })], meta);
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
      await tx.append(stream(userId), 'any', [AdminPasswordChanged({ userId, reason })], meta);
    });
  }

  /** A new session for the account (after a password, a reset, an accepted invitation), recorded as a sign-in. */
  async startSession(user: AdminUser, client: ClientInfo, meta: EventMetadata): Promise<SignedIn> {
    const firstSignIn = !(await this.events.readStream(stream(user.id))).some((event) => AdminSignedIn.is(event));
    const session = await this.sessions.issue(user.id, client);
    await this.events.append(stream(user.id), 'any', [AdminSignedIn({ userId: user.id, sessionId: session.id })], {
      ...meta,
      actorType: 'admin',
      actorId: user.id,
    });
    return { user, session, firstSignIn };
  }
}
