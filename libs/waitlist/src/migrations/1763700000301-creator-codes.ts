import { MigrationInterface, QueryRunner } from 'typeorm';

// Split out of a migration that several modules shared; idempotent, so a database that ran
// the shared one (FoundationReadModels1763700000100, MailLogAndReferrals1763700000200 or
// Admin1763700000300, kept in its migrations table) is left as it is.
/** Creator (influencer) codes, and sign-ups attributed to them. */
export class CreatorCodes1763700000301 implements MigrationInterface {
  name = 'CreatorCodes1763700000301';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE IF NOT EXISTS creator_codes (
        id               uuid PRIMARY KEY,
        code             varchar(32) NOT NULL UNIQUE,
        handle           varchar(100) NOT NULL,
        influencer_name  varchar(100),
        platform         varchar(16) NOT NULL CHECK (platform IN ('Instagram', 'TikTok', 'YouTube', 'Podcast', 'Other')),
        campaign         varchar(100),
        status           varchar(16) NOT NULL CHECK (status IN ('active', 'inactive')),
        notes            varchar(1000),
        usage_count      integer NOT NULL DEFAULT 0,
        created_at       timestamptz NOT NULL,
        updated_at       timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX IF NOT EXISTS waitlist_entries_creator_code ON waitlist_entries (creator_code) WHERE creator_code IS NOT NULL`);
    // A sign-up through a creator code is attributed to it rather than to a friend.
    await q.query(`ALTER TABLE waitlist_entries DROP CONSTRAINT IF EXISTS waitlist_entries_referral_status_check,
      ADD CONSTRAINT waitlist_entries_referral_status_check
        CHECK (referral_status IN ('none', 'pending', 'credited', 'self', 'flagged', 'unknown', 'creator'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE waitlist_entries DROP CONSTRAINT waitlist_entries_referral_status_check,
      ADD CONSTRAINT waitlist_entries_referral_status_check
        CHECK (referral_status IN ('none', 'pending', 'credited', 'self', 'flagged', 'unknown'))`);
    await q.query(`DROP INDEX waitlist_entries_creator_code`);
    await q.query(`DROP TABLE creator_codes`);
  }
}
