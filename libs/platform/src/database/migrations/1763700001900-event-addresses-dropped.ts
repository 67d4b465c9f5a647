import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Event metadata no longer keeps the caller's IP address (the Privacy Policy keeps none beyond
 * the rate limits' minutes in Redis): the addresses stored before are removed from the log. The
 * one rewrite of old rows the append-only rule allows, for personal data; business facts stay.
 */
export class EventAddressesDropped1763700001900 implements MigrationInterface {
  name = 'EventAddressesDropped1763700001900';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE domain_events DISABLE TRIGGER domain_events_no_update`);
    await q.query(`UPDATE domain_events SET metadata = metadata - 'ip' WHERE metadata ? 'ip'`);
    await q.query(`ALTER TABLE domain_events ENABLE TRIGGER domain_events_no_update`);
  }

  async down(): Promise<void> {
    // The addresses are gone for good.
  }
}
