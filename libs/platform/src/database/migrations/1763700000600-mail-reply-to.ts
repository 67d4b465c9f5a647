import { MigrationInterface, QueryRunner } from 'typeorm';

/** An email's Reply-To (the contact form's notification answers the sender, not the site). */
export class MailReplyTo1763700000600 implements MigrationInterface {
  name = 'MailReplyTo1763700000600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mail_log ADD COLUMN IF NOT EXISTS reply_to varchar(254)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mail_log DROP COLUMN reply_to`);
  }
}
