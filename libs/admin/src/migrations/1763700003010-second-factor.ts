import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A second factor for staff accounts: an authenticator app's secret (encrypted with a key derived
 * from APP_SECRET) and the last time-step it accepted (a code is never accepted twice), recovery
 * codes (only their SHA-256, each spent once), sign-ins waiting for their second step (only the
 * cookie's SHA-256), and the one-row security settings (whether every account must have a factor).
 */
export class SecondFactor1763700003010 implements MigrationInterface {
  name = 'SecondFactor1763700003010';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE admin_second_factors (
        user_id          uuid PRIMARY KEY REFERENCES admin_users (id) ON DELETE CASCADE,
        secret_encrypted text NOT NULL,
        last_time_step   bigint,
        created_at       timestamptz NOT NULL,
        confirmed_at     timestamptz
      )`);
    await q.query(`
      CREATE TABLE admin_recovery_codes (
        id          uuid PRIMARY KEY,
        user_id     uuid NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
        code_hash   char(64) NOT NULL,
        created_at  timestamptz NOT NULL,
        used_at     timestamptz,
        UNIQUE (user_id, code_hash)
      )`);
    await q.query(`
      CREATE TABLE admin_pending_sign_ins (
        id          uuid PRIMARY KEY,
        user_id     uuid NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
        token_hash  char(64) NOT NULL UNIQUE,
        csrf_token  varchar(64) NOT NULL,
        purpose     varchar(20) NOT NULL CHECK (purpose IN ('second-factor', 'setup')),
        created_at  timestamptz NOT NULL,
        expires_at  timestamptz NOT NULL,
        used_at     timestamptz
      )`);
    await q.query(`CREATE INDEX admin_pending_sign_ins_expires ON admin_pending_sign_ins (expires_at)`);
    await q.query(`
      CREATE TABLE admin_security_settings (
        id                    smallint PRIMARY KEY CHECK (id = 1),
        require_second_factor boolean NOT NULL,
        updated_at            timestamptz,
        updated_by            uuid
      )`);
    await q.query(`INSERT INTO admin_security_settings (id, require_second_factor) VALUES (1, false)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['admin_security_settings', 'admin_pending_sign_ins', 'admin_recovery_codes', 'admin_second_factors']) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}
