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

/** The reports' reads of the rollup tables: one scan of each per report. */
@Injectable()
export class AnalyticsReportsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Per source tag × platform × click type, and per day × click type, in one pass over the period. */
  async downloadSums(from: string, to: string): Promise<{ counters: DownloadCounterSums[]; days: DownloadDaySums[] }> {
    const rows: (DownloadCounterSums & { day: string | null; byDay: boolean })[] = await this.dataSource.query(
      `SELECT GROUPING(day) = 0 AS "byDay", to_char(day, 'YYYY-MM-DD') AS day, source_tag AS "sourceTag", platform, click_type AS "clickType",
              sum(humans)::int AS humans, sum(unique_humans)::int AS "uniqueHumans", sum(bots)::int AS bots, sum(unique_bots)::int AS "uniqueBots"
       FROM download_daily_rollups
       WHERE day BETWEEN $1::date AND $2::date
       GROUP BY GROUPING SETS ((source_tag, platform, click_type), (day, click_type))`,
      [from, to],
    );
    const counters = rows
      .filter((r) => !r.byDay)
      .map(({ sourceTag, platform, clickType, humans, uniqueHumans, bots, uniqueBots }) => ({
        sourceTag,
        platform,
        clickType,
        humans,
        uniqueHumans,
        bots,
        uniqueBots,
      }));
    const days = rows
      .filter((r) => r.byDay)
      .map(({ day, clickType, humans, uniqueHumans, bots }) => ({ day: day!, clickType, humans, uniqueHumans, bots }));
    return { counters, days };
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
