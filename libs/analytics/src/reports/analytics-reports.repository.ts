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

export interface DownloadDaySums {
  day: string;
  clickType: string;
  humans: number;
  uniqueHumans: number;
  bots: number;
}

export interface SignupCounterSums {
  day: string;
  channel: string;
  creatorCode: string;
  sourceTag: string;
  utmSource: string;
  signups: number;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * The calendar months lying wholly inside a period (YYYY-MM-DD, both ends included), as the first
 * day of the first one and the first day after the last one; `from === until` when there are none.
 */
export function wholeMonths(from: string, to: string): { from: string; until: string } {
  const start = new Date(`${from}T00:00:00Z`);
  const first = start.getUTCDate() === 1 ? start : new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  const after = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS);
  const until = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), 1));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { from: day(first), until: day(until > first ? until : first) };
}

/**
 * The reports' reads of the rollup tables. Downloads come from the projection's pre-summed
 * tables: whole months from download_monthly_rollups and only the edge days of the period from
 * download_daily_rollups; the series per day from download_daily_totals.
 */
@Injectable()
export class AnalyticsReportsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Per source tag × platform × click type over the period. */
  async downloadSums(from: string, to: string): Promise<DownloadCounterSums[]> {
    const months = wholeMonths(from, to);
    return this.dataSource.query(
      `SELECT source_tag AS "sourceTag", platform, click_type AS "clickType",
              sum(humans)::int AS humans, sum(unique_humans)::int AS "uniqueHumans", sum(bots)::int AS bots, sum(unique_bots)::int AS "uniqueBots"
       FROM (
         SELECT source_tag, platform, click_type, humans, unique_humans, bots, unique_bots
         FROM download_monthly_rollups WHERE month >= $3::date AND month < $4::date
         UNION ALL
         SELECT source_tag, platform, click_type, humans, unique_humans, bots, unique_bots
         FROM download_daily_rollups WHERE day BETWEEN $1::date AND $2::date AND (day < $3::date OR day >= $4::date)
       ) counters
       GROUP BY source_tag, platform, click_type`,
      [from, to, months.from, months.until],
    );
  }

  /** Per day × click type over the period (days without clicks left out). */
  async downloadDays(from: string, to: string): Promise<DownloadDaySums[]> {
    return this.dataSource.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, click_type AS "clickType", humans, unique_humans AS "uniqueHumans", bots
       FROM download_daily_totals WHERE day BETWEEN $1::date AND $2::date`,
      [from, to],
    );
  }

  async signupSums(from: string, to: string): Promise<SignupCounterSums[]> {
    return this.dataSource.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, channel, creator_code AS "creatorCode", source_tag AS "sourceTag", utm_source AS "utmSource",
              sum(signups)::int AS signups
       FROM signup_daily_rollups
       WHERE day BETWEEN $1::date AND $2::date
       GROUP BY day, channel, creator_code, source_tag, utm_source`,
      [from, to],
    );
  }
}
