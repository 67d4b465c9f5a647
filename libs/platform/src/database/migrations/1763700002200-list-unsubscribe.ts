import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A marketing email's one-click unsubscribe URL (RFC 8058), sent as its List-Unsubscribe header;
 * and whether an email's links carry a secret that acts for the person (a password reset, a
 * privacy request), which the mail log then shows hidden.
 */
export class ListUnsubscribe1763700002200 implements MigrationInterface {
  name = 'ListUnsubscribe1763700002200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mail_log ADD COLUMN list_unsubscribe varchar(600), ADD COLUMN secret_links boolean NOT NULL DEFAULT false`);
    // Reset links sent before: hidden from now on too.
    await q.query(`UPDATE mail_log SET secret_links = true WHERE template = 'admin-password-reset'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mail_log DROP COLUMN list_unsubscribe, DROP COLUMN secret_links`);
  }
}
