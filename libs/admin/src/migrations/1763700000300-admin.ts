import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin area: staff accounts, their sessions and reset tokens (credentials, kept out of the
 * event log on purpose), and the read models of early access. (Creator codes, created here at
 * first, are the waitlist's: CreatorCodes1763700000301.)
 */
export class Admin1763700000300 implements MigrationInterface {
  name = 'Admin1763700000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE admin_users (
        id                  uuid PRIMARY KEY,
        email               varchar(254) NOT NULL,
        email_normalized    varchar(254) NOT NULL UNIQUE,
        password_hash       text NOT NULL,
        password_changed_at timestamptz NOT NULL,
        created_at          timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE admin_sessions (
        id          uuid PRIMARY KEY,
        user_id     uuid NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
        token_hash  char(64) NOT NULL UNIQUE,
        csrf_token  varchar(64) NOT NULL,
        ip          varchar(64),
        user_agent  varchar(300),
        created_at  timestamptz NOT NULL,
        expires_at  timestamptz NOT NULL,
        revoked_at  timestamptz
      )`);
    await q.query(`CREATE INDEX admin_sessions_user ON admin_sessions (user_id) WHERE revoked_at IS NULL`);
    await q.query(`
      CREATE TABLE admin_password_resets (
        id          uuid PRIMARY KEY,
        user_id     uuid NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
        token_hash  char(64) NOT NULL UNIQUE,
        created_at  timestamptz NOT NULL,
        expires_at  timestamptz NOT NULL,
        used_at     timestamptz
      )`);

    await q.query(`
      CREATE TABLE early_access_codes (
        id          uuid PRIMARY KEY,
        code        varchar(32) NOT NULL UNIQUE,
        first_name  varchar(100) NOT NULL,
        email       varchar(254) NOT NULL,
        is_used     boolean NOT NULL DEFAULT false,
        created_at  timestamptz NOT NULL,
        used_at     timestamptz
      )`);
    await q.query(`CREATE INDEX early_access_codes_created ON early_access_codes (created_at DESC)`);
    await q.query(`
      CREATE TABLE early_access_settings (
        id          smallint PRIMARY KEY CHECK (id = 1),
        is_open     boolean NOT NULL,
        updated_at  timestamptz,
        updated_by  uuid
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['early_access_settings', 'early_access_codes', 'admin_password_resets', 'admin_sessions', 'admin_users']) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}
