import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, IsNull, MoreThan, Repository } from 'typeorm';
import { AdminSession } from './entities/admin-session.entity';

/**
 * Signed-in browsers (admin_sessions), in one place. A method that takes `db` runs in that
 * transaction (a password change's, a reset's); without it, on the pool.
 */
@Injectable()
export class AdminSessionsRepository {
  constructor(@InjectRepository(AdminSession) private readonly sessions: Repository<AdminSession>) {}

  private db(db?: EntityManager): EntityManager {
    return db ?? this.sessions.manager;
  }

  async insert(session: AdminSession, db?: EntityManager): Promise<void> {
    await this.db(db).insert(AdminSession, session);
  }

  /** The session whose cookie token hashes to this, if it is neither revoked nor expired. */
  findLive(tokenHash: string): Promise<AdminSession | null> {
    return this.sessions.findOneBy({ tokenHash, revokedAt: IsNull(), expiresAt: MoreThan(new Date()) });
  }

  /** Ends one session (a revoked one keeps the time it was first revoked). */
  async revoke(id: string): Promise<void> {
    await this.sessions.update({ id, revokedAt: IsNull() }, { revokedAt: new Date() });
  }

  /** Ends every session of the account still open. */
  async revokeAllFor(userId: string, db?: EntityManager): Promise<void> {
    await this.db(db).update(AdminSession, { userId, revokedAt: IsNull() }, { revokedAt: new Date() });
  }
}
