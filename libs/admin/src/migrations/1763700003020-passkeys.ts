import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Passkeys (WebAuthn credentials) as a staff account's second factor: each credential's public
 * key and signature counter, and the one ceremony (registration or sign-in) an account has
 * under way, with its challenge, for a few minutes.
 */
export class Passkeys1763700003020 implements MigrationInterface {
  name = 'Passkeys1763700003020';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE admin_passkeys (
        id            text PRIMARY KEY,
        user_id       uuid NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
        public_key    bytea NOT NULL,
        counter       bigint NOT NULL,
        transports    text[] NOT NULL DEFAULT '{}',
        name          varchar(100) NOT NULL,
        created_at    timestamptz NOT NULL,
        last_used_at  timestamptz
      )`);
    await q.query(`CREATE INDEX admin_passkeys_user ON admin_passkeys (user_id)`);
    await q.query(`
      CREATE TABLE admin_passkey_challenges (
        user_id     uuid PRIMARY KEY REFERENCES admin_users (id) ON DELETE CASCADE,
        purpose     varchar(16) NOT NULL CHECK (purpose IN ('register', 'sign-in')),
        challenge   text NOT NULL,
        expires_at  timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE admin_passkey_challenges`);
    await q.query(`DROP TABLE admin_passkeys`);
  }
}
