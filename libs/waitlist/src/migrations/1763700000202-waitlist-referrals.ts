import { MigrationInterface, QueryRunner } from 'typeorm';

// Split out of a migration that several modules shared; idempotent, so a database that ran
// the shared one (FoundationReadModels1763700000100, MailLogAndReferrals1763700000200 or
// Admin1763700000300, kept in its migrations table) is left as it is.
/** Referrals and positions: confirmation, rank key, who referred whom. */
export class WaitlistReferrals1763700000202 implements MigrationInterface {
  name = 'WaitlistReferrals1763700000202';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE waitlist_entries
      ADD COLUMN IF NOT EXISTS confirmed_at timestamptz,
      ADD COLUMN IF NOT EXISTS rank_key integer,
      ADD COLUMN IF NOT EXISTS referrer_entry_id uuid,
      ADD COLUMN IF NOT EXISTS creator_code varchar(32),
      ADD COLUMN IF NOT EXISTS referral_status varchar(16) NOT NULL DEFAULT 'none'
        CHECK (referral_status IN ('none', 'pending', 'credited', 'self', 'flagged', 'unknown'))`);
    await q.query(`UPDATE waitlist_entries SET rank_key = signup_number * 2 WHERE rank_key IS NULL`);
    await q.query(`ALTER TABLE waitlist_entries ALTER COLUMN rank_key SET NOT NULL`);
    // Position = 1 + entries ahead in (rank_key, signup_number) order.
    await q.query(`CREATE INDEX IF NOT EXISTS waitlist_entries_rank ON waitlist_entries (rank_key, signup_number)`);
    await q.query(`CREATE INDEX IF NOT EXISTS waitlist_entries_referrer ON waitlist_entries (referrer_entry_id) WHERE referrer_entry_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX waitlist_entries_referrer`);
    await q.query(`DROP INDEX waitlist_entries_rank`);
    await q.query(`ALTER TABLE waitlist_entries DROP COLUMN referral_status, DROP COLUMN creator_code,
      DROP COLUMN referrer_entry_id, DROP COLUMN rank_key, DROP COLUMN confirmed_at`);
  }
}
