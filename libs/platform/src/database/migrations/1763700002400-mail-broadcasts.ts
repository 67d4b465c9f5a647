import { MigrationInterface, QueryRunner } from 'typeorm';

/** Which launch announcement (broadcast) an email belongs to: its progress counts its emails by status. */
export class MailBroadcasts1763700002400 implements MigrationInterface {
  name = 'MailBroadcasts1763700002400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mail_log ADD COLUMN broadcast_id uuid`);
    await q.query(`CREATE INDEX mail_log_broadcast ON mail_log (broadcast_id, status) WHERE broadcast_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX mail_log_broadcast`);
    await q.query(`ALTER TABLE mail_log DROP COLUMN broadcast_id`);
  }
}
