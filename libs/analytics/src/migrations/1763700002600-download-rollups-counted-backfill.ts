import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * download_daily_rollups is a projection of DownloadRollupsCounted ('analytics.download-rollups-counted'),
 * but the first roll-up consumer wrote the table directly: the counters it kept (days before the
 * event, and counters of later days the job has not touched since) have no event, and a replay
 * (`npm run events:replay`) emptied them. This appends, per UTC day, one DownloadRollupsCounted
 * on that day's 'download-rollup' stream holding every counter whose stored values no event of
 * the log ends with (none, or other values): whole values, as the roll-up job appends them, so a
 * replay sets the same rows, and their month's counters and day's totals. The read models already
 * hold these values, so the projection's write would change nothing and is not run.
 *
 * The events carry what the job's do: a day, a source tag, a platform, a click type and counts
 * (no visitor, no personal data). Written as EventTransaction.append writes (the event and its
 * outbox row), under the roll-up job's lock, so no job counts a click in between.
 */
export class DownloadRollupsCountedBackfill1763700002600 implements MigrationInterface {
  name = 'DownloadRollupsCountedBackfill1763700002600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`SELECT pg_advisory_xact_lock(hashtextextended('analytics.roll-up-downloads', 0))`);
    await q.query(`
      WITH counted AS (
        SELECT DISTINCT ON (r->>'day', r->>'sourceTag', r->>'platform', r->>'clickType')
               (r->>'day')::date AS day, r->>'sourceTag' AS source_tag, r->>'platform' AS platform, r->>'clickType' AS click_type,
               (r->>'humans')::int AS humans, (r->>'uniqueHumans')::int AS unique_humans,
               (r->>'bots')::int AS bots, (r->>'uniqueBots')::int AS unique_bots
        FROM domain_events e CROSS JOIN jsonb_array_elements(e.payload->'rows') r
        WHERE e.type = 'analytics.download-rollups-counted'
        ORDER BY r->>'day', r->>'sourceTag', r->>'platform', r->>'clickType', e.position DESC
      ), missing AS (
        SELECT d.* FROM download_daily_rollups d
        LEFT JOIN counted c USING (day, source_tag, platform, click_type)
        WHERE (c.humans, c.unique_humans, c.bots, c.unique_bots) IS DISTINCT FROM (d.humans, d.unique_humans, d.bots, d.unique_bots)
      ), days AS (
        SELECT to_char(m.day, 'YYYY-MM-DD') AS stream_id,
               jsonb_build_object('rows', jsonb_agg(jsonb_build_object(
                 'day', to_char(m.day, 'YYYY-MM-DD'), 'sourceTag', m.source_tag, 'platform', m.platform, 'clickType', m.click_type,
                 'humans', m.humans, 'uniqueHumans', m.unique_humans, 'bots', m.bots, 'uniqueBots', m.unique_bots)
                 ORDER BY m.source_tag, m.platform, m.click_type)) AS payload
        FROM missing m GROUP BY m.day
      ), appended AS (
        INSERT INTO domain_events (id, stream_type, stream_id, version, type, payload, metadata)
        SELECT gen_random_uuid(), 'download-rollup', d.stream_id,
               coalesce((SELECT max(version) FROM domain_events v WHERE v.stream_type = 'download-rollup' AND v.stream_id = d.stream_id), 0) + 1,
               'analytics.download-rollups-counted', d.payload, '{"actorType":"system","actorId":null}'
        FROM days d ORDER BY d.stream_id
        RETURNING position
      )
      INSERT INTO outbox (event_position) SELECT position FROM appended`);
  }

  async down(): Promise<void> {
    // The log is append-only: the events stay (they restate what the table held).
  }
}
