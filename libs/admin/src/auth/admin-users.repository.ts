import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { AdminUser } from './entities/admin-user.entity';

/**
 * Staff accounts (admin_users), in one place. A method that takes `db` runs in that transaction
 * (a password change's, a reset's); without it, on the pool.
 */
@Injectable()
export class AdminUsersRepository {
  constructor(@InjectRepository(AdminUser) private readonly users: Repository<AdminUser>) {}

  private db(db?: EntityManager): EntityManager {
    return db ?? this.users.manager;
  }

  /** The account with this normalised address (`normaliseEmail`), if any. */
  findByEmail(emailNormalized: string): Promise<AdminUser | null> {
    return this.users.findOneBy({ emailNormalized });
  }

  findById(id: string, db?: EntityManager): Promise<AdminUser | null> {
    return this.db(db).findOneBy(AdminUser, { id });
  }

  /** The emails of these accounts by id (accounts since removed are absent). */
  async emailsByIds(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const users = await this.users.find({ where: { id: In(ids) }, select: { id: true, email: true } });
    return new Map(users.map((user) => [user.id, user.email]));
  }

  /** An account that must be there (its id was just read in the same transaction): throws when it is not. */
  getById(id: string, db?: EntityManager): Promise<AdminUser> {
    return this.db(db).findOneByOrFail(AdminUser, { id });
  }

  async insert(user: AdminUser, db?: EntityManager): Promise<void> {
    await this.db(db).insert(AdminUser, user);
  }

  /** A new password hash, changed now. */
  async setPasswordHash(id: string, passwordHash: string, db?: EntityManager): Promise<void> {
    await this.db(db).update(AdminUser, { id }, { passwordHash, passwordChangedAt: new Date() });
  }

  /** Every account, oldest first, with when it last signed in (null: never). */
  async listWithLastSignIn(): Promise<(AdminUser & { lastSignInAt: Date | null })[]> {
    const rows = await this.users
      .createQueryBuilder('user')
      .addSelect((sub) => sub.select('max(session.created_at)').from('admin_sessions', 'session').where('session.user_id = user.id'), 'last_sign_in_at')
      .orderBy('user.created_at', 'ASC')
      .getRawAndEntities();
    return rows.entities.map((user, index) => ({ ...user, lastSignInAt: (rows.raw[index] as { last_sign_in_at: Date | null }).last_sign_in_at }));
  }

  /**
   * The owners' ids, their rows locked until the transaction ends: two requests that would each
   * take away one of the last two owners are decided one after the other.
   */
  async lockOwners(db: EntityManager): Promise<string[]> {
    const rows: { id: string }[] = await db.query(`SELECT id FROM admin_users WHERE role = 'owner' ORDER BY id FOR UPDATE`);
    return rows.map((row) => row.id);
  }

  async setRole(id: string, role: AdminUser['role'], db?: EntityManager): Promise<void> {
    await this.db(db).update(AdminUser, { id }, { role });
  }

  /** Removes the account: its sessions and reset links go with it (ON DELETE CASCADE), so it is signed out everywhere at once. */
  async delete(id: string, db?: EntityManager): Promise<void> {
    await this.db(db).delete(AdminUser, { id });
  }
}
