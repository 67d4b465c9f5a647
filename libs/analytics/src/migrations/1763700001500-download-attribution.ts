import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Unique visitors and bots on each recorded click; the daily download counters split into
 * people and bots (total and unique); daily sign-up counters by channel, creator code and
 * arrival source. Earlier counts are kept as people's clicks.
 */
export class DownloadAttribution1763700001500 implements MigrationInterface {
  name = 'DownloadAttribution1763700001500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE download_events ADD COLUMN visitor_hash varchar(64), ADD COLUMN is_bot boolean NOT NULL DEFAULT false`);
    // The roll-up job recounts one day of one counter at a time.
    await q.query(`CREATE INDEX download_events_counter ON download_events (source_tag, platform, click_type, created_at)`);
    await q.query(`ALTER TABLE download_daily_rollups RENAME COLUMN clicks TO humans`);
    await q.query(`
      ALTER TABLE download_daily_rollups
        ADD COLUMN unique_humans integer NOT NULL DEFAULT 0,
        ADD COLUMN bots integer NOT NULL DEFAULT 0,
        ADD COLUMN unique_bots integer NOT NULL DEFAULT 0`);
    await q.query(`
      CREATE TABLE signup_daily_rollups (
        day          date NOT NULL,
        channel      varchar(16) NOT NULL,
        creator_code varchar(32) NOT NULL,
        source_tag   varchar(64) NOT NULL,
        utm_source   varchar(100) NOT NULL,
        utm_campaign varchar(100) NOT NULL,
        signups      integer NOT NULL,
        PRIMARY KEY (day, channel, creator_code, source_tag, utm_source, utm_campaign)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE signup_daily_rollups`);
    await q.query(`ALTER TABLE download_daily_rollups DROP COLUMN unique_humans, DROP COLUMN bots, DROP COLUMN unique_bots`);
    await q.query(`ALTER TABLE download_daily_rollups RENAME COLUMN humans TO clicks`);
    await q.query(`DROP INDEX download_events_counter`);
    await q.query(`ALTER TABLE download_events DROP COLUMN visitor_hash, DROP COLUMN is_bot`);
  }
}
