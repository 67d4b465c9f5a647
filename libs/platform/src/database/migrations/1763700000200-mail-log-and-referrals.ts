import { MigrationInterface, QueryRunner } from 'typeorm';

/** The mail log, and what the waitlist needs for double opt-in, referrals and positions. */
export class MailLogAndReferrals1763700000200 implements MigrationInterface {
  name = 'MailLogAndReferrals1763700000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE mail_log (
        id           bigserial PRIMARY KEY,
        event_id     uuid NOT NULL,
        template     varchar(64) NOT NULL,
        to_address   varchar(254) NOT NULL,
        from_address varchar(254) NOT NULL,
        subject      varchar(300) NOT NULL,
        html         text NOT NULL,
        text         text NOT NULL,
        status       varchar(16) NOT NULL CHECK (status IN ('logged', 'sent', 'failed')),
        provider_id  varchar(128),
        error        text,
        created_at   timestamptz NOT NULL DEFAULT now(),
        updated_at   timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT mail_log_event_template UNIQUE (event_id, template)
      )`);
    await q.query(`CREATE INDEX mail_log_created_at ON mail_log (created_at DESC)`);

    await q.query(`ALTER TABLE waitlist_entries
      ADD COLUMN confirmed_at timestamptz,
      ADD COLUMN rank_key integer,
      ADD COLUMN referrer_entry_id uuid,
      ADD COLUMN creator_code varchar(32),
      ADD COLUMN referral_status varchar(16) NOT NULL DEFAULT 'none'
        CHECK (referral_status IN ('none', 'pending', 'credited', 'self', 'flagged', 'unknown'))`);
    await q.query(`UPDATE waitlist_entries SET rank_key = signup_number * 2`);
    await q.query(`ALTER TABLE waitlist_entries ALTER COLUMN rank_key SET NOT NULL`);
    // Position = 1 + entries ahead in (rank_key, signup_number) order.
    await q.query(`CREATE INDEX waitlist_entries_rank ON waitlist_entries (rank_key, signup_number)`);
    await q.query(`CREATE INDEX waitlist_entries_referrer ON waitlist_entries (referrer_entry_id) WHERE referrer_entry_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX waitlist_entries_referrer`);
    await q.query(`DROP INDEX waitlist_entries_rank`);
    await q.query(`ALTER TABLE waitlist_entries DROP COLUMN referral_status, DROP COLUMN creator_code,
      DROP COLUMN referrer_entry_id, DROP COLUMN rank_key, DROP COLUMN confirmed_at`);
    await q.query(`DROP TABLE mail_log`);
  }
}
