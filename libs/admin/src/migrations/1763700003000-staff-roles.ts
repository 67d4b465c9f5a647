import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff roles and invitations. Accounts made before roles could do everything: they become
 * owners, so nobody loses what they had. An invitation keeps only its token's SHA-256.
 */
export class StaffRoles1763700003000 implements MigrationInterface {
  name = 'StaffRoles1763700003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE admin_users ADD COLUMN role varchar(16) NOT NULL DEFAULT 'owner'`);
    await q.query(`ALTER TABLE admin_users ALTER COLUMN role DROP DEFAULT`);
    await q.query(`ALTER TABLE admin_users ADD CONSTRAINT admin_users_role CHECK (role IN ('owner', 'admin', 'marketing', 'ops', 'editor'))`);
    await q.query(`CREATE INDEX admin_sessions_last_sign_in ON admin_sessions (user_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE staff_invitations (
        id                uuid PRIMARY KEY,
        email             varchar(254) NOT NULL,
        email_normalized  text NOT NULL,
        role              varchar(16) NOT NULL CHECK (role IN ('owner', 'admin', 'marketing', 'ops', 'editor')),
        token_hash        char(64) NOT NULL UNIQUE,
        invited_by        uuid,
        invited_at        timestamptz NOT NULL,
        expires_at        timestamptz NOT NULL,
        accepted_at       timestamptz,
        revoked_at        timestamptz
      )`);
    // One open invitation per address.
    await q.query(`CREATE UNIQUE INDEX staff_invitations_open ON staff_invitations (email_normalized) WHERE accepted_at IS NULL AND revoked_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE staff_invitations`);
    await q.query(`DROP INDEX admin_sessions_last_sign_in`);
    await q.query(`ALTER TABLE admin_users DROP COLUMN role`);
  }
}
