import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which worker replica ran each tick of scheduled work (ScheduledWork): the primary key lets one
 * replica claim a tick, so retention and scheduled publishing run once per tick, not once per
 * replica. The interval is part of the key: during a rollout that changes it, old and new
 * replicas count ticks of different lengths. Rows older than a day are removed as ticks finish.
 */
export class ScheduledTicks1763700002700 implements MigrationInterface {
  name = 'ScheduledTicks1763700002700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE scheduled_ticks (
        work text NOT NULL,
        every_ms integer NOT NULL,
        tick bigint NOT NULL,
        claimed_by text NOT NULL,
        claimed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        finished_at timestamptz,
        PRIMARY KEY (work, every_ms, tick)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE scheduled_ticks`);
  }
}
