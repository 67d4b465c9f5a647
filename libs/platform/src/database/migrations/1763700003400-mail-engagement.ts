import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What became of each email after it left, as the provider's signed events tell it (delivered,
 * opened, clicked, bounced, complained) and whether its one-click unsubscribe was used: the first
 * time of each, on the email's own row, so each recipient counts once per kind and an erasure that
 * deletes the row takes their part with it (mail_log_tallies keeps the announcement's counts).
 */
export class MailEngagement1763700003400 implements MigrationInterface {
  name = 'MailEngagement1763700003400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE mail_log
        ADD COLUMN delivered_at timestamptz, ADD COLUMN opened_at timestamptz, ADD COLUMN clicked_at timestamptz,
        ADD COLUMN bounced_at timestamptz, ADD COLUMN complained_at timestamptz, ADD COLUMN unsubscribed_at timestamptz`);
    await q.query(`ALTER TABLE mail_log_tallies ALTER COLUMN status TYPE varchar(30)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM mail_log_tallies WHERE status LIKE 'engaged:%'`);
    await q.query(`ALTER TABLE mail_log_tallies ALTER COLUMN status TYPE varchar(20)`);
    await q.query(`
      ALTER TABLE mail_log DROP COLUMN delivered_at, DROP COLUMN opened_at, DROP COLUMN clicked_at,
        DROP COLUMN bounced_at, DROP COLUMN complained_at, DROP COLUMN unsubscribed_at`);
  }
}
