import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The visitors the roll-up job has counted, once per day and counter (people and bots apart): the
 * job adds its clicks to the counters and counts a visitor as unique only when it is new here,
 * instead of recounting every click of the day for each counter it touches (which grew with the
 * day and took most of the database's time under load). Not a read model: it is the job's own
 * state, as processed_events is, and changes with it in the same transaction.
 *
 * Filled from the clicks the job has already counted (their DownloadTracked event is in
 * processed_events), so that a visitor counted before this migration is not counted again. The
 * old job recounted every recorded click, queued ones included: run this with the roll-up queue
 * drained, or a click queued across the upgrade is counted twice (once by the old recount, once
 * by the new job).
 */
export class DownloadDailyVisitors1763700001710 implements MigrationInterface {
  name = 'DownloadDailyVisitors1763700001710';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE download_daily_visitors (
        day          date NOT NULL,
        source_tag   varchar(64) NOT NULL,
        platform     varchar(16) NOT NULL,
        click_type   varchar(16) NOT NULL,
        is_bot       boolean NOT NULL,
        visitor_hash varchar(64) NOT NULL,
        PRIMARY KEY (day, source_tag, platform, click_type, is_bot, visitor_hash)
      )`);
    await q.query(`
      INSERT INTO download_daily_visitors (day, source_tag, platform, click_type, is_bot, visitor_hash)
      SELECT DISTINCT (e.created_at AT TIME ZONE 'UTC')::date, e.source_tag, e.platform, e.click_type, e.is_bot, e.visitor_hash
      FROM download_events e
      JOIN domain_events d ON d.stream_type = 'download-click' AND d.stream_id = e.id::text
      JOIN processed_events p ON p.event_id = d.id AND p.consumer = 'analytics.roll-up-downloads'
      WHERE e.visitor_hash IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE download_daily_visitors`);
  }
}
