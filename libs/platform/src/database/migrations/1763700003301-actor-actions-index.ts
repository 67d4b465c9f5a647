import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log reads what staff did and what other systems did through their API keys: the two
 * partial indexes of 1763700003001 take the events of both actors, so a page stays one index scan.
 */
export class ActorActionsIndex1763700003301 implements MigrationInterface {
  name = 'ActorActionsIndex1763700003301';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX domain_events_staff_actor`);
    await q.query(`DROP INDEX domain_events_staff_actions`);
    await q.query(`CREATE INDEX domain_events_staff_actions ON domain_events (position DESC) WHERE metadata->>'actorType' IN ('admin', 'api-key')`);
    await q.query(
      `CREATE INDEX domain_events_staff_actor ON domain_events ((metadata->>'actorId'), position DESC) WHERE metadata->>'actorType' IN ('admin', 'api-key')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX domain_events_staff_actor`);
    await q.query(`DROP INDEX domain_events_staff_actions`);
    await q.query(`CREATE INDEX domain_events_staff_actions ON domain_events (position DESC) WHERE metadata->>'actorType' = 'admin'`);
    await q.query(`CREATE INDEX domain_events_staff_actor ON domain_events ((metadata->>'actorId'), position DESC) WHERE metadata->>'actorType' = 'admin'`);
  }
}
