import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each referrer's open referrals, kept beside their credits: pending_referrals (friends who joined
 * with their code and have not confirmed: not held, not rejected) and held_referrals (held for
 * staff's review, not yet decided). The top referrers' board reads one partial index, in its own
 * order (credits, then place in the list), however long the list: members without a referral of
 * any kind are not in it.
 */
export class ReferralCounts1763700003800 implements MigrationInterface {
  name = 'ReferralCounts1763700003800';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE waitlist_entries ADD COLUMN pending_referrals integer NOT NULL DEFAULT 0, ADD COLUMN held_referrals integer NOT NULL DEFAULT 0`);
    await q.query(
      `UPDATE waitlist_entries r SET pending_referrals = c.pending, held_referrals = c.held
         FROM (SELECT referrer_entry_id AS id,
                      count(*) FILTER (WHERE referral_status = 'pending')::int AS pending,
                      count(*) FILTER (WHERE referral_status = 'flagged' AND referral_review IS NULL)::int AS held
                 FROM waitlist_entries WHERE referrer_entry_id IS NOT NULL GROUP BY referrer_entry_id) c
        WHERE r.id = c.id`,
    );
    await q.query(
      `CREATE INDEX waitlist_entries_top_referrers ON waitlist_entries (referral_credits DESC, rank_key, signup_number)
         WHERE referral_credits > 0 OR pending_referrals > 0 OR held_referrals > 0`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX waitlist_entries_top_referrers`);
    await q.query(`ALTER TABLE waitlist_entries DROP COLUMN pending_referrals, DROP COLUMN held_referrals`);
  }
}
