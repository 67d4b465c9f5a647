import { MigrationInterface, QueryRunner } from 'typeorm';
import { DownloadsRepository } from '../downloads/downloads.repository';
import { DownloadSourceTagsMerged, SOURCE_TAGS_MERGED_STREAM } from '../downloads/downloads.events';

/**
 * Source tags are stored in lower case now (TrackDownloadDto, JoinWaitlistDto): the rows kept
 * before under tags that differ only by case (HOOPS25, hoops25) become one, the lower-case tag's,
 * in every table keyed by a source tag: the clicks (download_events), their daily and monthly
 * counters, the roll-up job's visitors (download_daily_visitors) and the sign-up counters.
 * Counters are summed; a visitor seen under two spellings of a tag on one day stays counted as
 * two unique visitors there (their clicks stay one each).
 *
 * The log keeps the tags as they were sent. The projections lower-case clicks and sign-ups as
 * they apply them, but the download counters are whole values per tag: the migration appends
 * DownloadSourceTagsMerged, whose projection merges them again at this point of a replay (when
 * there were such counters). Running it again changes nothing.
 */
export class SourceTagsMerged1763700002620 implements MigrationInterface {
  name = 'SourceTagsMerged1763700002620';

  async up(q: QueryRunner): Promise<void> {
    // Only a database with download counters under an upper-case tag needs the replay's merge point
    // (a new one, and a second run, append nothing).
    const [{ mixed }] = await q.query(`SELECT EXISTS (SELECT 1 FROM download_daily_rollups WHERE source_tag <> lower(source_tag)) AS mixed`);
    await q.query(`UPDATE download_events SET source_tag = lower(source_tag) WHERE source_tag <> lower(source_tag)`);
    await q.query(`
      WITH moved AS (DELETE FROM download_daily_visitors WHERE source_tag <> lower(source_tag) RETURNING *)
      INSERT INTO download_daily_visitors (day, source_tag, platform, click_type, is_bot, visitor_hash)
      SELECT DISTINCT day, lower(source_tag), platform, click_type, is_bot, visitor_hash FROM moved
      ON CONFLICT DO NOTHING`);
    await DownloadsRepository.mergeRollupTagCase(q.manager);
    for (const [table, period] of [
      ['signup_daily_rollups', 'day'],
      ['signup_monthly_rollups', 'month'],
    ]) {
      await q.query(`
        WITH moved AS (DELETE FROM ${table} WHERE source_tag <> lower(source_tag) RETURNING *)
        INSERT INTO ${table} AS r (${period}, channel, creator_code, source_tag, utm_source, utm_campaign, signups)
        SELECT ${period}, channel, creator_code, lower(source_tag), utm_source, utm_campaign, sum(signups) FROM moved GROUP BY 1, 2, 3, 4, 5, 6
        ON CONFLICT (${period}, channel, creator_code, source_tag, utm_source, utm_campaign) DO UPDATE SET signups = r.signups + EXCLUDED.signups`);
    }
    // Its own stream each time: appended after every event the tables above were built from.
    if (!mixed) return;
    await q.query(
      `INSERT INTO domain_events (id, stream_type, stream_id, version, type, payload, metadata)
       VALUES (gen_random_uuid(), $1, gen_random_uuid()::text, 1, $2, '{}', '{"actorType":"system"}')`,
      [SOURCE_TAGS_MERGED_STREAM, DownloadSourceTagsMerged.type],
    );
  }

  async down(): Promise<void> {
    // The case the tags were sent in is kept in the log only.
  }
}
