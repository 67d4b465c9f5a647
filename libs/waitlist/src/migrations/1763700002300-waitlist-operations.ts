import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff's waitlist (/admin/waitlist): when a member was admitted, staff's decision on a held referral, and the suppression list's
 * keyed hash of their address (the projection writes it from the address: `unsubscribed` is a
 * status staff filter by). Rows from before get their hash at the next `npm run events:replay`.
 */
export class WaitlistOperations1763700002300 implements MigrationInterface {
  name = 'WaitlistOperations1763700002300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE waitlist_entries ADD COLUMN admitted_at timestamptz, ADD COLUMN address_hash varchar(64)`);
    await q.query(`CREATE INDEX waitlist_entries_address_hash ON waitlist_entries (address_hash)`);
    // Staff's decision on a referral held for review ('credit' or 'reject'; null: not reviewed).
    await q.query(`ALTER TABLE waitlist_entries ADD COLUMN referral_review varchar(8) CHECK (referral_review IN ('credit', 'reject'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE waitlist_entries DROP COLUMN referral_review`);
    await q.query(`DROP INDEX waitlist_entries_address_hash`);
    await q.query(`ALTER TABLE waitlist_entries DROP COLUMN address_hash, DROP COLUMN admitted_at`);
  }
}
