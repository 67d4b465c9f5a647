import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, IsNull, MoreThan, Repository } from 'typeorm';
import { AdminPasswordReset } from './entities/admin-password-reset.entity';

/**
 * Password reset links (admin_password_resets), in one place. A method that takes `db` runs in
 * that transaction (a reset's, or the email job's); without it, on the pool.
 */
@Injectable()
export class PasswordResetsRepository {
  constructor(@InjectRepository(AdminPasswordReset) private readonly resets: Repository<AdminPasswordReset>) {}

  private db(db?: EntityManager): EntityManager {
    return db ?? this.resets.manager;
  }

  async insert(reset: AdminPasswordReset, db?: EntityManager): Promise<void> {
    await this.db(db).insert(AdminPasswordReset, reset);
  }

  findById(id: string, db?: EntityManager): Promise<AdminPasswordReset | null> {
    return this.db(db).findOneBy(AdminPasswordReset, { id });
  }

  /**
   * Spends the unused, unexpired link whose token hashes to this, and answers its account (null
   * when there is none). Claiming the row in an UPDATE makes two uses of one token race safely:
   * the second waits for the first's row lock, then finds it used, so exactly one wins.
   */
  async claim(tokenHash: string, db?: EntityManager): Promise<string | null> {
    const claimed = await this.db(db)
      .createQueryBuilder()
      .update(AdminPasswordReset)
      .set({ usedAt: () => 'now()' })
      .where({ tokenHash, usedAt: IsNull(), expiresAt: MoreThan(new Date()) })
      .returning(['userId'])
      .execute();
    return (claimed.raw as { user_id: string }[])[0]?.user_id ?? null;
  }

  /** A new password, however it was set, ends every reset link still outstanding for the account (they expire now). */
  async endResetLinks(userId: string, db?: EntityManager): Promise<void> {
    await this.db(db).update(AdminPasswordReset, { userId, usedAt: IsNull(), expiresAt: MoreThan(new Date()) }, { expiresAt: new Date() });
  }
}
