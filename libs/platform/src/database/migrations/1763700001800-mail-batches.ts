import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Emails of one job go to Resend in one batch call under one idempotency key: the rows claimed
 * for a batch carry its key, so a retry sends exactly the same set under the same key.
 */
export class MailBatches1763700001800 implements MigrationInterface {
  name = 'MailBatches1763700001800';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mail_log ADD COLUMN IF NOT EXISTS batch_key varchar(200)`);
    await q.query(`CREATE INDEX IF NOT EXISTS mail_log_batch_key ON mail_log (batch_key) WHERE batch_key IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mail_log DROP COLUMN batch_key`);
  }
}
