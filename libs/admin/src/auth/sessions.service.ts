import { Inject, Injectable } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import type { SettingsOf } from '@swishly/platform';
import type { EntityManager } from 'typeorm';
import { AdminSessionsRepository } from './admin-sessions.repository';
import { AdminUsersRepository } from './admin-users.repository';
import { AdminSession } from './entities/admin-session.entity';
import { AdminUser } from './entities/admin-user.entity';
import { sha256Hex } from './reset-tokens';
import { AdminSettings } from '../admin.settings';

export interface IssuedSession {
  id: string;
  /** The cookie value: 256 bits from the OS's secure random source. Never stored. */
  token: string;
  csrfToken: string;
  expiresAt: Date;
}

export interface ActiveSession {
  session: AdminSession;
  user: AdminUser;
}

/** Server-side sessions: issued at every sign-in, looked up by the token's hash, revocable. */
@Injectable()
export class SessionsService {
  constructor(
    private readonly sessions: AdminSessionsRepository,
    private readonly users: AdminUsersRepository,
    @Inject(AdminSettings.token) private readonly settings: SettingsOf<typeof AdminSettings>,
  ) {}

  async issue(userId: string, client: { ip?: string; userAgent?: string }, manager?: EntityManager): Promise<IssuedSession> {
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(32).toString('base64url');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + this.settings.ADMIN_SESSION_TTL_HOURS * 3600_000);
    const id = randomUUID();
    await this.sessions.insert(
      {
        id,
        userId,
        tokenHash: sha256Hex(token),
        csrfToken,
        ip: client.ip?.slice(0, 64) ?? null,
        userAgent: client.userAgent?.slice(0, 300) ?? null,
        createdAt: now,
        expiresAt,
        revokedAt: null,
      },
      manager,
    );
    return { id, token, csrfToken, expiresAt };
  }

  /** The live session for a cookie value: not revoked, not expired, its user still there. */
  async find(token: string | undefined): Promise<ActiveSession | null> {
    if (!token || token.length > 100) return null;
    const session = await this.sessions.findLive(sha256Hex(token));
    if (!session) return null;
    const user = await this.users.findById(session.userId);
    return user ? { session, user } : null;
  }

  async revoke(sessionId: string): Promise<void> {
    await this.sessions.revoke(sessionId);
  }

  /** Signs the account out everywhere (password change, reset). */
  async revokeAllFor(userId: string, manager?: EntityManager): Promise<void> {
    await this.sessions.revokeAllFor(userId, manager);
  }
}
