import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { SignupRollupRow } from './signups.events';

/**
 * The sign-ups slice's tables (signup_daily_rollups, and the monthly counters and day totals per
 * channel the report reads). Static: the projection is built outside the module's providers.
 */
@Injectable()
export class SignupsRepository {
  /** Adds sign-ups to their counters, their month's counters and their day's total (the projection of SignupsCounted). */
  static async addSignups(rows: SignupRollupRow[], db: EntityManager): Promise<void> {
    if (rows.length === 0) return;
    await db.query(
      `WITH counted AS (
         -- Counters counted before source tags were normalised (HOOPS25 and hoops25) add to the lower-case tag's.
         SELECT day, channel, creator_code, lower(source_tag) AS source_tag, utm_source, utm_campaign, sum(signups)::int AS signups
         FROM unnest($1::date[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::int[])
           AS c(day, channel, creator_code, source_tag, utm_source, utm_campaign, signups)
         GROUP BY 1, 2, 3, 4, 5, 6
       ), daily AS (
         INSERT INTO signup_daily_rollups AS d (day, channel, creator_code, source_tag, utm_source, utm_campaign, signups)
         SELECT * FROM counted
         ON CONFLICT (day, channel, creator_code, source_tag, utm_source, utm_campaign) DO UPDATE SET signups = d.signups + EXCLUDED.signups
       ), monthly AS (
         INSERT INTO signup_monthly_rollups AS m (month, channel, creator_code, source_tag, utm_source, utm_campaign, signups)
         SELECT date_trunc('month', day::timestamp)::date, channel, creator_code, source_tag, utm_source, utm_campaign, sum(signups)
         FROM counted GROUP BY 1, 2, 3, 4, 5, 6
         ON CONFLICT (month, channel, creator_code, source_tag, utm_source, utm_campaign) DO UPDATE SET signups = m.signups + EXCLUDED.signups
       )
       INSERT INTO signup_daily_totals AS t (day, channel, signups)
       SELECT day, channel, sum(signups) FROM counted GROUP BY 1, 2
       ON CONFLICT (day, channel) DO UPDATE SET signups = t.signups + EXCLUDED.signups`,
      [
        rows.map((r) => r.day),
        rows.map((r) => r.channel),
        rows.map((r) => r.creatorCode),
        rows.map((r) => r.sourceTag),
        rows.map((r) => r.utmSource),
        rows.map((r) => r.utmCampaign),
        rows.map((r) => r.signups),
      ],
    );
  }
}
