import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface DownloadCounterSums {
  sourceTag: string;
  platform: string;
  clickType: string;
  humans: number;
  uniqueHumans: number;
  bots: number;
  uniqueBots: number;
}

/** One day of the downloads series (DailyDownloadsDto). */
export interface DownloadDaySums {
  day: string;
  pageVisits: number;
  badgeClicks: number;
  storeRedirects: number;
  uniqueVisitors: number;
  bots: number;
}

/** One day of the sign-ups series (SignupDayDto). */
export interface SignupDaySums {
  day: string;
  signups: number;
  referral: number;
  creator: number;
  selfReferral: number;
  flaggedReferral: number;
  direct: number;
}

export interface SignupSums {
  days: SignupDaySums[];
  sources: { source: string; signups: number }[];
  creatorCodes: { creatorCode: string; signups: number }[];
}

export interface ReportSums {
  counters: DownloadCounterSums[];
  days: DownloadDaySums[];
  signups: SignupSums;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * The months whose counters the report reads from the monthly tables for a period (YYYY-MM-DD,
 * both ends included), as the first day of the first one and the first day after the last one.
 * Days of the period outside those months are added from the daily tables, and days of those
 * months outside the period are subtracted (the monthly counters are the sums of the daily ones):
 * for each end, whichever reads fewer days, so a period ending today reads its last month whole.
 */
export function monthsToRead(from: string, to: string): { from: string; until: string } {
  const days = (later: Date, earlier: Date) => (later.getTime() - earlier.getTime()) / DAY_MS;
  const monthOf = (d: Date, add: number) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + add, 1));
  const start = new Date(`${from}T00:00:00Z`);
  const first = days(start, monthOf(start, 0)) <= days(monthOf(start, 1), start) ? monthOf(start, 0) : monthOf(start, 1);
  const after = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS);
  const until = days(monthOf(after, 1), after) < days(after, monthOf(after, 0)) ? monthOf(after, 1) : monthOf(after, 0);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { from: day(first), until: day(until > first ? until : first) };
}

/** Per source tag × platform × click type: the months $3 to $4 (monthsToRead), plus the period's other days, minus their days outside the period. */
const DOWNLOAD_COUNTERS = `
  SELECT source_tag AS "sourceTag", platform, click_type AS "clickType",
         sum(humans)::int AS humans, sum(unique_humans)::int AS "uniqueHumans", sum(bots)::int AS bots, sum(unique_bots)::int AS "uniqueBots"
  FROM (
    SELECT source_tag, platform, click_type, humans, unique_humans, bots, unique_bots
    FROM download_monthly_rollups WHERE month >= $3::date AND month < $4::date
    UNION ALL
    SELECT source_tag, platform, click_type, humans, unique_humans, bots, unique_bots
    FROM download_daily_rollups WHERE day BETWEEN $1::date AND $2::date AND (day < $3::date OR day >= $4::date)
    UNION ALL
    SELECT source_tag, platform, click_type, -humans, -unique_humans, -bots, -unique_bots
    FROM download_daily_rollups WHERE day >= $3::date AND day < $4::date AND (day < $1::date OR day > $2::date)
  ) counters
  GROUP BY source_tag, platform, click_type
  -- A counter whose subtracted days held all its clicks nets to zero: it had none in the period.
  HAVING sum(humans) <> 0 OR sum(bots) <> 0 OR sum(unique_humans) <> 0 OR sum(unique_bots) <> 0`;

/** Downloads per day, as the series shows them (days without clicks left out; a date is YYYY-MM-DD in JSON). */
const DOWNLOAD_DAYS = `
  SELECT day,
         coalesce(sum(humans) FILTER (WHERE click_type = 'page_visit'), 0)::int AS "pageVisits",
         coalesce(sum(humans) FILTER (WHERE click_type = 'badge_click'), 0)::int AS "badgeClicks",
         coalesce(sum(humans) FILTER (WHERE click_type = 'store_redirect'), 0)::int AS "storeRedirects",
         coalesce(sum(unique_humans) FILTER (WHERE click_type = 'page_visit'), 0)::int AS "uniqueVisitors",
         sum(bots)::int AS bots
  FROM download_daily_totals WHERE day BETWEEN $1::date AND $2::date GROUP BY day`;

/** Sign-ups per day, referral and creator apart, as the series shows them (days without sign-ups left out). */
const SIGNUP_DAYS = `
  SELECT day, sum(signups)::int AS signups,
         coalesce(sum(signups) FILTER (WHERE channel = 'referral'), 0)::int AS referral,
         coalesce(sum(signups) FILTER (WHERE channel = 'creator'), 0)::int AS creator,
         coalesce(sum(signups) FILTER (WHERE channel = 'self_referral'), 0)::int AS "selfReferral",
         coalesce(sum(signups) FILTER (WHERE channel = 'flagged_referral'), 0)::int AS "flaggedReferral",
         coalesce(sum(signups) FILTER (WHERE channel NOT IN ('referral', 'creator', 'self_referral', 'flagged_referral')), 0)::int AS direct
  FROM signup_daily_totals WHERE day BETWEEN $1::date AND $2::date GROUP BY day`;

/**
 * Sign-ups per arrival source (the source tag, else utm_source; '' for none) and per creator code
 * ('' for none), read as for downloads. Each row has the column of its set, the other NULL.
 */
const SIGNUP_SOURCES = `
  SELECT coalesce(nullif(source_tag, ''), utm_source) AS source, creator_code AS "creatorCode", sum(signups)::int AS signups
  FROM (
    SELECT source_tag, utm_source, creator_code, signups FROM signup_monthly_rollups WHERE month >= $3::date AND month < $4::date
    UNION ALL
    SELECT source_tag, utm_source, creator_code, signups
    FROM signup_daily_rollups WHERE day BETWEEN $1::date AND $2::date AND (day < $3::date OR day >= $4::date)
    UNION ALL
    SELECT source_tag, utm_source, creator_code, -signups
    FROM signup_daily_rollups WHERE day >= $3::date AND day < $4::date AND (day < $1::date OR day > $2::date)
  ) s
  GROUP BY GROUPING SETS ((coalesce(nullif(source_tag, ''), utm_source)), (creator_code))
  HAVING sum(signups) <> 0`;

/**
 * The reports' reads of the rollup tables, through the projections' pre-summed tables: months
 * from the monthly counters and only the days at the period's ends from the daily ones; the
 * series per day from the day totals.
 */
@Injectable()
export class AnalyticsReportsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Every sum a report shows for a period, in one statement: each part comes back as one JSON
   * array (a round trip and a JSON.parse rather than three queries and a few thousand rows).
   */
  async sums(from: string, to: string): Promise<ReportSums> {
    const months = monthsToRead(from, to);
    const [row]: {
      counters: DownloadCounterSums[];
      days: DownloadDaySums[];
      signupDays: SignupSums['days'];
      signupSources: { source: string | null; creatorCode: string | null; signups: number }[];
    }[] = await this.dataSource.query(
      `SELECT (SELECT coalesce(json_agg(c), '[]') FROM (${DOWNLOAD_COUNTERS}) c) AS counters,
              (SELECT coalesce(json_agg(d), '[]') FROM (${DOWNLOAD_DAYS}) d) AS days,
              (SELECT coalesce(json_agg(s), '[]') FROM (${SIGNUP_DAYS}) s) AS "signupDays",
              (SELECT coalesce(json_agg(s), '[]') FROM (${SIGNUP_SOURCES}) s) AS "signupSources"`,
      [from, to, months.from, months.until],
    );
    return {
      counters: row.counters,
      days: row.days,
      signups: {
        days: row.signupDays,
        sources: row.signupSources.filter((r) => r.source !== null).map((r) => ({ source: r.source!, signups: r.signups })),
        creatorCodes: row.signupSources.filter((r) => r.creatorCode !== null).map((r) => ({ creatorCode: r.creatorCode!, signups: r.signups })),
      },
    };
  }
}
