import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What an announcement's emails were, once their records are gone: an erasure deletes the emails
 * to the person, and retention deletes old records, but "Sent: 206 of 206" stays true of the day
 * it was sent. Counts only, by announcement, status and why the records went: no address.
 */
export class MailLogTallies1763700002900 implements MigrationInterface {
  name = 'MailLogTallies1763700002900';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE mail_log_tallies (
        broadcast_id uuid NOT NULL,
        status       varchar(20) NOT NULL,
        reason       varchar(10) NOT NULL CHECK (reason IN ('erased', 'expired')),
        count        integer NOT NULL,
        PRIMARY KEY (broadcast_id, status, reason)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE mail_log_tallies`);
  }
}
