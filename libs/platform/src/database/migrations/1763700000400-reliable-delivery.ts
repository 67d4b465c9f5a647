import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Delivery that survives a Redis that forgets and a worker that dies mid-email:
 * - the outbox remembers when to check that every consumer processed a dispatched event;
 * - the mail log is also the mail outbox: a row is written 'pending' in the consumer's
 *   transaction and sent after the commit with its idempotency key.
 */
export class ReliableDelivery1763700000400 implements MigrationInterface {
  name = 'ReliableDelivery1763700000400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox ADD COLUMN check_at timestamptz`);
    await q.query(`CREATE INDEX outbox_to_check ON outbox (check_at) WHERE check_at IS NOT NULL`);

    await q.query(`ALTER TABLE mail_log DROP CONSTRAINT mail_log_status_check`);
    await q.query(`ALTER TABLE mail_log ADD CONSTRAINT mail_log_status_check CHECK (status IN ('pending', 'logged', 'sent', 'failed'))`);
    await q.query(`ALTER TABLE mail_log ADD COLUMN idempotency_key varchar(200), ADD COLUMN attempts integer NOT NULL DEFAULT 0`);
    await q.query(`UPDATE mail_log SET idempotency_key = template || '/' || event_id`);
    await q.query(`CREATE INDEX mail_log_pending ON mail_log (updated_at) WHERE status = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX mail_log_pending`);
    await q.query(`UPDATE mail_log SET status = 'failed' WHERE status = 'pending'`);
    await q.query(`ALTER TABLE mail_log DROP COLUMN attempts, DROP COLUMN idempotency_key`);
    await q.query(`ALTER TABLE mail_log DROP CONSTRAINT mail_log_status_check`);
    await q.query(`ALTER TABLE mail_log ADD CONSTRAINT mail_log_status_check CHECK (status IN ('logged', 'sent', 'failed'))`);
    await q.query(`DROP INDEX outbox_to_check`);
    await q.query(`ALTER TABLE outbox DROP COLUMN check_at`);
  }
}
