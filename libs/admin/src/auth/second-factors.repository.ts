import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

export interface StoredSecondFactor {
  userId: string;
  secretEncrypted: string;
  lastTimeStep: number | null;
  confirmedAt: Date | null;
}

/** TypeORM answers an UPDATE ... RETURNING on Postgres as [rows, affected count]. */
const updatedRows = <T>(result: [T[], number]): T[] => result[0];

export type PendingSignInPurpose = 'second-factor' | 'setup';

export interface PendingSignIn {
  id: string;
  userId: string;
  csrfToken: string;
  purpose: PendingSignInPurpose;
  expiresAt: Date;
}

/**
 * Second factors (admin_second_factors, admin_recovery_codes), sign-ins waiting for their second
 * step (admin_pending_sign_ins) and the security settings (admin_security_settings), in one place.
 * A method that takes `db` runs in that transaction; without it, on the pool.
 */
@Injectable()
export class SecondFactorsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private db(db?: EntityManager): EntityManager {
    return db ?? this.dataSource.manager;
  }

  async find(userId: string, db?: EntityManager): Promise<StoredSecondFactor | null> {
    const rows: { user_id: string; secret_encrypted: string; last_time_step: string | null; confirmed_at: Date | null }[] = await this.db(db).query(
      `SELECT user_id, secret_encrypted, last_time_step, confirmed_at FROM admin_second_factors WHERE user_id = $1`,
      [userId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      userId: row.user_id,
      secretEncrypted: row.secret_encrypted,
      lastTimeStep: row.last_time_step === null ? null : Number(row.last_time_step),
      confirmedAt: row.confirmed_at,
    };
  }

  /** Which of these accounts have a confirmed second factor. */
  async withFactorOn(userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows: { user_id: string }[] = await this.db().query(`SELECT user_id FROM admin_second_factors WHERE user_id = ANY($1) AND confirmed_at IS NOT NULL`, [
      userIds,
    ]);
    return new Set(rows.map((row) => row.user_id));
  }

  /** A new secret waiting for its first code; replaces one that was never confirmed, never a confirmed one. */
  async startSetup(userId: string, secretEncrypted: string): Promise<boolean> {
    const rows: unknown[] = await this.db().query(
      `INSERT INTO admin_second_factors (user_id, secret_encrypted, created_at) VALUES ($1, $2, now())
       ON CONFLICT (user_id) DO UPDATE SET secret_encrypted = EXCLUDED.secret_encrypted, created_at = now(), last_time_step = NULL
       WHERE admin_second_factors.confirmed_at IS NULL
       RETURNING user_id`,
      [userId, secretEncrypted],
    );
    return rows.length === 1;
  }

  /**
   * Records a TOTP code's time-step as spent, only if it is later than the last one spent, so
   * two requests with the same code race safely: one wins. `confirm` also turns the factor on.
   */
  async spendTimeStep(userId: string, timeStep: number, confirm: boolean, db?: EntityManager): Promise<boolean> {
    const rows = updatedRows<unknown>(
      await this.db(db).query(
        `UPDATE admin_second_factors
       SET last_time_step = $2, confirmed_at = CASE WHEN $3 THEN now() ELSE confirmed_at END
       WHERE user_id = $1 AND (last_time_step IS NULL OR last_time_step < $2) AND (confirmed_at IS NOT NULL) <> $3
       RETURNING user_id`,
        [userId, timeStep, confirm],
      ),
    );
    return rows.length === 1;
  }

  async removeAuthenticatorApp(userId: string, db?: EntityManager): Promise<void> {
    await this.db(db).query(`DELETE FROM admin_second_factors WHERE user_id = $1`, [userId]);
  }

  async removeRecoveryCodes(userId: string, db?: EntityManager): Promise<void> {
    await this.db(db).query(`DELETE FROM admin_recovery_codes WHERE user_id = $1`, [userId]);
  }

  /** Replaces the account's recovery codes with these (their hashes). */
  async replaceRecoveryCodes(userId: string, codes: { id: string; codeHash: string }[], db?: EntityManager): Promise<void> {
    await this.db(db).query(`DELETE FROM admin_recovery_codes WHERE user_id = $1`, [userId]);
    await this.db(db).query(
      `INSERT INTO admin_recovery_codes (id, user_id, code_hash, created_at)
       SELECT id, $1, code_hash, now() FROM unnest($2::uuid[], $3::text[]) AS codes (id, code_hash)`,
      [userId, codes.map((c) => c.id), codes.map((c) => c.codeHash)],
    );
  }

  /** Spends an unused recovery code; answers its id, or null. The UPDATE makes two uses race safely: one wins. */
  async claimRecoveryCode(userId: string, codeHash: string, db?: EntityManager): Promise<string | null> {
    const rows = updatedRows<{ id: string }>(
      await this.db(db).query(`UPDATE admin_recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id`, [
        userId,
        codeHash,
      ]),
    );
    return rows[0]?.id ?? null;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const [row]: { left: number }[] = await this.db().query(`SELECT count(*)::int AS left FROM admin_recovery_codes WHERE user_id = $1 AND used_at IS NULL`, [
      userId,
    ]);
    return row.left;
  }

  /** A new pending sign-in; the account's ended ones (used or expired) go, so the table holds only live ones and a few. */
  async insertPendingSignIn(pending: PendingSignIn & { tokenHash: string }): Promise<void> {
    await this.db().query(`DELETE FROM admin_pending_sign_ins WHERE user_id = $1 AND (used_at IS NOT NULL OR expires_at <= now())`, [pending.userId]);
    await this.db().query(
      `INSERT INTO admin_pending_sign_ins (id, user_id, token_hash, csrf_token, purpose, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, now(), $6)`,
      [pending.id, pending.userId, pending.tokenHash, pending.csrfToken, pending.purpose, pending.expiresAt],
    );
  }

  /** The unused, unexpired pending sign-in whose cookie hashes to this. */
  async findPendingSignIn(tokenHash: string): Promise<PendingSignIn | null> {
    const rows: { id: string; user_id: string; csrf_token: string; purpose: PendingSignInPurpose; expires_at: Date }[] = await this.db().query(
      `SELECT id, user_id, csrf_token, purpose, expires_at FROM admin_pending_sign_ins
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`,
      [tokenHash],
    );
    const row = rows[0];
    return row ? { id: row.id, userId: row.user_id, csrfToken: row.csrf_token, purpose: row.purpose, expiresAt: row.expires_at } : null;
  }

  /** Spends a pending sign-in (it completes once): true for the one request that wins. */
  async claimPendingSignIn(id: string, db?: EntityManager): Promise<boolean> {
    const rows = updatedRows<unknown>(
      await this.db(db).query(`UPDATE admin_pending_sign_ins SET used_at = now() WHERE id = $1 AND used_at IS NULL AND expires_at > now() RETURNING id`, [id]),
    );
    return rows.length === 1;
  }

  async requireSecondFactor(): Promise<boolean> {
    const [row]: { require_second_factor: boolean }[] = await this.db().query(`SELECT require_second_factor FROM admin_security_settings WHERE id = 1`);
    return row?.require_second_factor ?? false;
  }

  async setRequireSecondFactor(value: boolean, updatedBy: string, db?: EntityManager): Promise<void> {
    await this.db(db).query(
      `INSERT INTO admin_security_settings (id, require_second_factor, updated_at, updated_by) VALUES (1, $1, now(), $2)
       ON CONFLICT (id) DO UPDATE SET require_second_factor = EXCLUDED.require_second_factor, updated_at = now(), updated_by = EXCLUDED.updated_by`,
      [value, updatedBy],
    );
  }
}
