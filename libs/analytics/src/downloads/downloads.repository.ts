import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { DOWNLOAD_STREAM, DownloadRollupRow, RollUpDownloads } from './downloads.events';
import { DownloadEvent } from './entities/download-event.entity';

/** One counter: a UTC day, source tag, platform and click type. */
export interface DownloadCounterKey {
  day: string;
  sourceTag: string;
  platform: string;
  clickType: string;
}

/** A click as the roll-up job counts it: its counter, and who clicked (the day's hash; none without a user agent). */
export interface DownloadClick extends DownloadCounterKey {
  isBot: boolean;
  visitorHash: string | null;
}

/**
 * The downloads slice's tables (download_events, the daily, monthly and day-total rollups, the
 * job's download_daily_visitors), in one place. Every
 * query runs in the caller's transaction (`db`): the roll-up job's, or the one the event store
 * (or a replay) applies the projection in.
 *
 * The projection's writes are static: DomainEventsModule.forFeature creates the projection
 * outside this module's providers, so it cannot have the repository injected; it passes the
 * manager it is given, which is all these writes need.
 */
@Injectable()
export class DownloadsRepository {
  /**
   * Adds clicks to their counters and gives each counter's new values: people and bots apart, a
   * visitor (the day's hash) unique the first time it is seen on the counter that day. Whatever
   * else writes the counters runs in the same order (the caller holds the job's lock), and the
   * caller's transaction also records the clicks as processed: a click is added once.
   */
  addClicks(clicks: DownloadClick[], db: EntityManager): Promise<DownloadRollupRow[]> {
    return db.query(
      `WITH clicks AS (
         SELECT * FROM unnest($1::date[], $2::varchar[], $3::varchar[], $4::varchar[], $5::boolean[], $6::varchar[])
           AS c(day, source_tag, platform, click_type, is_bot, visitor_hash)
       ), first_visits AS (
         INSERT INTO download_daily_visitors (day, source_tag, platform, click_type, is_bot, visitor_hash)
         SELECT DISTINCT day, source_tag, platform, click_type, is_bot, visitor_hash FROM clicks WHERE visitor_hash IS NOT NULL
         ON CONFLICT DO NOTHING
         RETURNING day, source_tag, platform, click_type, is_bot
       ), added AS (
         SELECT day, source_tag, platform, click_type, count(*) FILTER (WHERE NOT is_bot) AS humans, count(*) FILTER (WHERE is_bot) AS bots
         FROM clicks GROUP BY 1, 2, 3, 4
       ), new_visitors AS (
         SELECT day, source_tag, platform, click_type,
                count(*) FILTER (WHERE NOT is_bot) AS unique_humans, count(*) FILTER (WHERE is_bot) AS unique_bots
         FROM first_visits GROUP BY 1, 2, 3, 4
       )
       SELECT to_char(a.day, 'YYYY-MM-DD') AS "day", a.source_tag AS "sourceTag", a.platform, a.click_type AS "clickType",
              (coalesce(d.humans, 0) + a.humans)::int AS humans,
              (coalesce(d.unique_humans, 0) + coalesce(v.unique_humans, 0))::int AS "uniqueHumans",
              (coalesce(d.bots, 0) + a.bots)::int AS bots,
              (coalesce(d.unique_bots, 0) + coalesce(v.unique_bots, 0))::int AS "uniqueBots"
       FROM added a
       LEFT JOIN new_visitors v USING (day, source_tag, platform, click_type)
       LEFT JOIN download_daily_rollups d USING (day, source_tag, platform, click_type)
       ORDER BY 1, 2, 3, 4`,
      [
        clicks.map((c) => c.day),
        clicks.map((c) => c.sourceTag),
        clicks.map((c) => c.platform),
        clicks.map((c) => c.clickType),
        clicks.map((c) => c.isBot),
        clicks.map((c) => c.visitorHash),
      ],
    );
  }

  /**
   * The oldest clicks recorded before `before`, up to `limit`, oldest first: when (ISO 8601 in
   * UTC to the microsecond, as stored) and whether the roll-up job has counted it (its
   * DownloadTracked event is in the job's processed_events).
   */
  clicksDue(before: Date, limit: number, db: EntityManager): Promise<{ createdAt: string; rolledUp: boolean }[]> {
    return db.query(
      `SELECT to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "createdAt", EXISTS (
         SELECT 1 FROM domain_events d JOIN processed_events p ON p.event_id = d.id AND p.consumer = $3
         WHERE d.stream_type = $4 AND d.stream_id = e.id::text) AS "rolledUp"
       FROM download_events e WHERE e.created_at < $1 ORDER BY e.created_at LIMIT $2`,
      [before, limit, RollUpDownloads.name, DOWNLOAD_STREAM],
    );
  }

  /** The roll-up job's record of the visitors it counted, for the UTC days before `before`'s. */
  async forgetVisitorsBefore(before: string, db: EntityManager): Promise<number> {
    const [, deleted] = await db.query(`DELETE FROM download_daily_visitors WHERE day < ($1::timestamptz AT TIME ZONE 'UTC')::date`, [before]);
    return deleted;
  }

  /** The clicks recorded before `before` (the projection of DownloadClicksExpired). */
  static async deleteClicksBefore(before: string, db: EntityManager): Promise<void> {
    await db.query('DELETE FROM download_events WHERE created_at < $1::timestamptz', [before]);
  }

  /** The read model of DownloadTracked events (the projection's write), in one statement. */
  static async insertEvents(rows: DownloadEvent[], db: EntityManager): Promise<void> {
    if (rows.length === 0) return;
    await db.query(
      `INSERT INTO download_events (id, source_tag, platform, click_type, explicit_choice, visitor_hash, is_bot, created_at)
       SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::varchar[], $4::varchar[], $5::boolean[], $6::varchar[], $7::boolean[], $8::timestamptz[])`,
      [
        rows.map((r) => r.id),
        rows.map((r) => r.sourceTag),
        rows.map((r) => r.platform),
        rows.map((r) => r.clickType),
        rows.map((r) => r.explicitChoice),
        rows.map((r) => r.visitorHash),
        rows.map((r) => r.isBot),
        rows.map((r) => r.createdAt),
      ],
    );
  }

  /**
   * Merges the rollup counters whose source tags differ only by case into the lower-case tag
   * (sums: a visitor seen under two spellings the same day stays two unique visitors). Day totals
   * are per click type, untouched. The migration runs it on the live tables, and the projection
   * of DownloadSourceTagsMerged in a replay, at the same point of the log.
   */
  static async mergeRollupTagCase(db: EntityManager): Promise<void> {
    for (const [table, period] of [
      ['download_daily_rollups', 'day'],
      ['download_monthly_rollups', 'month'],
    ]) {
      await db.query(
        `WITH moved AS (DELETE FROM ${table} WHERE source_tag <> lower(source_tag) RETURNING *)
         INSERT INTO ${table} AS r (${period}, source_tag, platform, click_type, humans, unique_humans, bots, unique_bots)
         SELECT ${period}, lower(source_tag), platform, click_type, sum(humans), sum(unique_humans), sum(bots), sum(unique_bots)
         FROM moved GROUP BY 1, 2, 3, 4
         ON CONFLICT (${period}, source_tag, platform, click_type) DO UPDATE SET
           humans = r.humans + EXCLUDED.humans, unique_humans = r.unique_humans + EXCLUDED.unique_humans,
           bots = r.bots + EXCLUDED.bots, unique_bots = r.unique_bots + EXCLUDED.unique_bots`,
      );
    }
  }

  /**
   * Sets counters to the values the roll-up job counted (the projection of DownloadRollupsCounted),
   * and adds the change of each (new values minus the stored ones, read in this transaction) to
   * its month's counter and its day's total, which the report reads instead of every day.
   */
  static async saveRollups(rows: DownloadRollupRow[], db: EntityManager): Promise<void> {
    if (rows.length === 0) return;
    // Every statement of the WITH sees the table as it was before the upsert, so "old" holds the
    // stored values; FOR UPDATE makes them the latest committed ones.
    await db.query(
      `WITH counted AS (
         SELECT * FROM unnest($1::date[], $2::varchar[], $3::varchar[], $4::varchar[], $5::int[], $6::int[], $7::int[], $8::int[])
           AS c(day, source_tag, platform, click_type, humans, unique_humans, bots, unique_bots)
       ), old AS (
         SELECT d.* FROM download_daily_rollups d JOIN counted c USING (day, source_tag, platform, click_type) FOR UPDATE OF d
       ), change AS (
         SELECT c.day, c.source_tag, c.platform, c.click_type,
                c.humans - coalesce(o.humans, 0) AS humans, c.unique_humans - coalesce(o.unique_humans, 0) AS unique_humans,
                c.bots - coalesce(o.bots, 0) AS bots, c.unique_bots - coalesce(o.unique_bots, 0) AS unique_bots
         FROM counted c LEFT JOIN old o USING (day, source_tag, platform, click_type)
       ), daily AS (
         INSERT INTO download_daily_rollups (day, source_tag, platform, click_type, humans, unique_humans, bots, unique_bots)
         SELECT * FROM counted
         ON CONFLICT (day, source_tag, platform, click_type) DO UPDATE SET
           humans = EXCLUDED.humans, unique_humans = EXCLUDED.unique_humans, bots = EXCLUDED.bots, unique_bots = EXCLUDED.unique_bots
       ), monthly AS (
         INSERT INTO download_monthly_rollups AS m (month, source_tag, platform, click_type, humans, unique_humans, bots, unique_bots)
         SELECT date_trunc('month', day::timestamp)::date, source_tag, platform, click_type, sum(humans), sum(unique_humans), sum(bots), sum(unique_bots)
         FROM change GROUP BY 1, 2, 3, 4
         ON CONFLICT (month, source_tag, platform, click_type) DO UPDATE SET
           humans = m.humans + EXCLUDED.humans, unique_humans = m.unique_humans + EXCLUDED.unique_humans,
           bots = m.bots + EXCLUDED.bots, unique_bots = m.unique_bots + EXCLUDED.unique_bots
       )
       INSERT INTO download_daily_totals AS t (day, click_type, humans, unique_humans, bots, unique_bots)
       SELECT day, click_type, sum(humans), sum(unique_humans), sum(bots), sum(unique_bots)
       FROM change GROUP BY 1, 2
       ON CONFLICT (day, click_type) DO UPDATE SET
         humans = t.humans + EXCLUDED.humans, unique_humans = t.unique_humans + EXCLUDED.unique_humans,
         bots = t.bots + EXCLUDED.bots, unique_bots = t.unique_bots + EXCLUDED.unique_bots`,
      [
        rows.map((r) => r.day),
        rows.map((r) => r.sourceTag),
        rows.map((r) => r.platform),
        rows.map((r) => r.clickType),
        rows.map((r) => r.humans),
        rows.map((r) => r.uniqueHumans),
        rows.map((r) => r.bots),
        rows.map((r) => r.uniqueBots),
      ],
    );
  }
}
