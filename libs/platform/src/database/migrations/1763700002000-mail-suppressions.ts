import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Addresses nothing is sent to (a permanent bounce, a spam complaint; later an unsubscribe),
 * kept as a keyed hash of the normalised address, never the address; the provider's webhook
 * deliveries seen (deduplicated on their svix-id); and the statuses those webhooks report.
 */
export class MailSuppressions1763700002000 implements MigrationInterface {
  name = 'MailSuppressions1763700002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE mail_suppressions (
        address_hash varchar(64) PRIMARY KEY,
        reason       varchar(16) NOT NULL CHECK (reason IN ('bounced', 'complained', 'unsubscribed')),
        created_at   timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE mail_webhook_deliveries (
        message_id  varchar(200) PRIMARY KEY,
        type        varchar(64) NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`ALTER TABLE mail_log DROP CONSTRAINT mail_log_status_check`);
    await q.query(
      `ALTER TABLE mail_log ADD CONSTRAINT mail_log_status_check CHECK (status IN ('pending', 'logged', 'sent', 'failed', 'suppressed', 'delivered', 'delayed', 'bounced'))`,
    );
    await q.query(`CREATE INDEX mail_log_provider_id ON mail_log (provider_id) WHERE provider_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX mail_log_provider_id`);
    await q.query(`UPDATE mail_log SET status = 'sent' WHERE status IN ('delivered', 'delayed', 'bounced')`);
    await q.query(`UPDATE mail_log SET status = 'failed' WHERE status = 'suppressed'`);
    await q.query(`ALTER TABLE mail_log DROP CONSTRAINT mail_log_status_check`);
    await q.query(`ALTER TABLE mail_log ADD CONSTRAINT mail_log_status_check CHECK (status IN ('pending', 'logged', 'sent', 'failed'))`);
    await q.query(`DROP TABLE mail_webhook_deliveries`);
    await q.query(`DROP TABLE mail_suppressions`);
  }
}
