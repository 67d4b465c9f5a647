import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A referrer moves up for a confirmed friend only once they have confirmed too (their status
 * page says so): until then the places they earned wait in held_rank_delta, and confirming
 * applies them. Rows are left as they were: rank keys only ever go down (the Redis index keeps
 * each entry's lowest), so credits already applied stay applied.
 */
export class CreditsWaitForConfirmation1763700002910 implements MigrationInterface {
  name = 'CreditsWaitForConfirmation1763700002910';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE waitlist_entries ADD COLUMN held_rank_delta integer NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE waitlist_entries DROP COLUMN held_rank_delta`);
  }
}
