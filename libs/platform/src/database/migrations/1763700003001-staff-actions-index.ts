import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log reads the events staff caused, newest first, all or one staff member's: two
 * partial indexes over the few events whose actor is staff, so a page stays one index scan
 * however long the log grows.
 */
export class StaffActionsIndex1763700003001 implements MigrationInterface {
  name = 'StaffActionsIndex1763700003001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX domain_events_staff_actions ON domain_events (position DESC) WHERE metadata->>'actorType' = 'admin'`);
    await q.query(`CREATE INDEX domain_events_staff_actor ON domain_events ((metadata->>'actorId'), position DESC) WHERE metadata->>'actorType' = 'admin'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX domain_events_staff_actor`);
    await q.query(`DROP INDEX domain_events_staff_actions`);
  }
}
