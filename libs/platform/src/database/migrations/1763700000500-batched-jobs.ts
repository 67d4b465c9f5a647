import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The relay queues one job per consumer for all the events of a pass; each outbox row keeps
 * the key of its pass, so the reconciler can tell a lost event from one whose job still waits.
 */
export class BatchedJobs1763700000500 implements MigrationInterface {
  name = 'BatchedJobs1763700000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox ADD COLUMN job_key varchar(64)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox DROP COLUMN job_key`);
  }
}
