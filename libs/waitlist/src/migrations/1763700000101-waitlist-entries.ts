import { MigrationInterface, QueryRunner } from 'typeorm';

// Split out of a migration that several modules shared; idempotent, so a database that ran
// the shared one (FoundationReadModels1763700000100, MailLogAndReferrals1763700000200 or
// Admin1763700000300, kept in its migrations table) is left as it is.
/** The waitlist: entries and the signup counter. */
export class WaitlistEntries1763700000101 implements MigrationInterface {
  name = 'WaitlistEntries1763700000101';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE IF NOT EXISTS waitlist_entries (
        id               uuid PRIMARY KEY,
        signup_number    integer NOT NULL,
        first_name       varchar(100) NOT NULL,
        email            varchar(254) NOT NULL,
        email_normalized varchar(254) NOT NULL,
        email_canonical  varchar(254) NOT NULL,
        role             varchar(32),
        referral_code    varchar(16) NOT NULL,
        referred_by_code varchar(32),
        source           varchar(16) NOT NULL,
        referral_credits integer NOT NULL DEFAULT 0,
        created_at       timestamptz NOT NULL,
        CONSTRAINT waitlist_entries_email_normalized_key UNIQUE (email_normalized),
        CONSTRAINT waitlist_entries_referral_code_key UNIQUE (referral_code),
        CONSTRAINT waitlist_entries_signup_number_key UNIQUE (signup_number)
      )`);
    await q.query(`CREATE INDEX IF NOT EXISTS waitlist_entries_email_canonical ON waitlist_entries (email_canonical)`);
    await q.query(`
      CREATE TABLE IF NOT EXISTS waitlist_counter (
        id                 smallint PRIMARY KEY CHECK (id = 1),
        last_signup_number integer NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE waitlist_counter, waitlist_entries`);
  }
}
