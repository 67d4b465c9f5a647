import { MigrationInterface, QueryRunner } from 'typeorm';

// Split out of a migration that several modules shared; idempotent, so a database that ran
// the shared one (FoundationReadModels1763700000100, MailLogAndReferrals1763700000200 or
// Admin1763700000300, kept in its migrations table) is left as it is.
/** App store badge clicks and download-page visits, and their daily rollups. */
export class DownloadTracking1763700000103 implements MigrationInterface {
  name = 'DownloadTracking1763700000103';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE IF NOT EXISTS download_events (
        id              uuid PRIMARY KEY,
        source_tag      varchar(64) NOT NULL,
        platform        varchar(16) NOT NULL,
        click_type      varchar(16) NOT NULL,
        explicit_choice boolean,
        created_at      timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX IF NOT EXISTS download_events_created_at ON download_events (created_at)`);
    await q.query(`
      CREATE TABLE IF NOT EXISTS download_daily_rollups (
        day        date NOT NULL,
        source_tag varchar(64) NOT NULL,
        platform   varchar(16) NOT NULL,
        click_type varchar(16) NOT NULL,
        clicks     integer NOT NULL,
        PRIMARY KEY (day, source_tag, platform, click_type)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE download_daily_rollups, download_events`);
  }
}
