import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which worker replica ran each tick of scheduled work (ScheduledWork): the primary key lets one
 * replica claim a tick, so retention and scheduled publishing run once per tick, not once per
 * replica. Rows older than a day are removed as new ticks are claimed.
 */
export class ScheduledTicks1763700002700 implements MigrationInterface {
  name = 'ScheduledTicks1763700002700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE scheduled_ticks (
        work text NOT NULL,
        tick bigint NOT NULL,
        claimed_by text NOT NULL,
        claimed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        finished_at timestamptz,
        PRIMARY KEY (work, tick)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE scheduled_ticks`);
  }
}
