import { MigrationInterface, QueryRunner } from 'typeorm';

/** Announcements sent at a time staff chose: when, and whether one is still waiting or was cancelled (null: requested, sending or sent). */
export class ScheduledBroadcasts1763700003500 implements MigrationInterface {
  name = 'ScheduledBroadcasts1763700003500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE broadcasts ADD COLUMN send_at timestamptz, ADD COLUMN state varchar(16)`);
    await q.query(`CREATE INDEX broadcasts_due ON broadcasts (send_at) WHERE state = 'scheduled'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX broadcasts_due`);
    await q.query(`ALTER TABLE broadcasts DROP COLUMN send_at, DROP COLUMN state`);
  }
}
