import { MigrationInterface, QueryRunner } from 'typeorm';

/** Read models of the first modules: waitlist entries, contact submissions, download tracking. */
export class FoundationReadModels1763700000100 implements MigrationInterface {
  name = 'FoundationReadModels1763700000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE waitlist_entries (
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
    await q.query(`CREATE INDEX waitlist_entries_email_canonical ON waitlist_entries (email_canonical)`);
    await q.query(`
      CREATE TABLE waitlist_counter (
        id                 smallint PRIMARY KEY CHECK (id = 1),
        last_signup_number integer NOT NULL
      )`);

    await q.query(`
      CREATE TABLE contact_submissions (
        id         uuid PRIMARY KEY,
        first_name varchar(100) NOT NULL,
        last_name  varchar(100),
        email      varchar(254) NOT NULL,
        subject    varchar(200),
        message    text NOT NULL,
        created_at timestamptz NOT NULL
      )`);

    await q.query(`
      CREATE TABLE download_events (
        id              uuid PRIMARY KEY,
        source_tag      varchar(64) NOT NULL,
        platform        varchar(16) NOT NULL,
        click_type      varchar(16) NOT NULL,
        explicit_choice boolean,
        created_at      timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX download_events_created_at ON download_events (created_at)`);
    await q.query(`
      CREATE TABLE download_daily_rollups (
        day        date NOT NULL,
        source_tag varchar(64) NOT NULL,
        platform   varchar(16) NOT NULL,
        click_type varchar(16) NOT NULL,
        clicks     integer NOT NULL,
        PRIMARY KEY (day, source_tag, platform, click_type)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE download_daily_rollups, download_events, contact_submissions, waitlist_counter, waitlist_entries`);
  }
}
