import { QueryRunner } from 'typeorm';

/**
 * What the sign-up migrations (1763700002605, 1763700002610) write, as SQL of their own: a
 * migration must do tomorrow what it did the day it was written, whatever the app's code becomes.
 * A copy of the event store's append and of the projection (SignupsRepository.addSignups) as
 * they were then.
 */
export interface SignupCounter {
  day: string;
  channel: string;
  creatorCode: string;
  sourceTag: string;
  utmSource: string;
  utmCampaign: string;
  signups: number;
}

/** Appends one SignupsCounted per UTC day, on that day's 'signup-rollup' stream, with its outbox row. */
export async function appendSignupsCounted(q: QueryRunner, counters: SignupCounter[]): Promise<void> {
  for (const day of [...new Set(counters.map((c) => c.day))]) {
    // As an 'any' append does: writers to the stream take turns.
    await q.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`signup-rollup/${day}`]);
    const rows = counters
      .filter((c) => c.day === day)
      .map(({ channel, creatorCode, sourceTag, utmSource, utmCampaign, signups }) => ({
        day,
        channel,
        creatorCode,
        sourceTag,
        utmSource,
        utmCampaign,
        signups,
      }));
    await q.query(
      `WITH appended AS (
         INSERT INTO domain_events (id, stream_type, stream_id, version, type, payload, metadata)
         SELECT gen_random_uuid(), 'signup-rollup', $1::varchar,
                coalesce((SELECT max(version) FROM domain_events WHERE stream_type = 'signup-rollup' AND stream_id = $1::varchar), 0) + 1,
                'analytics.signups-counted', $2::jsonb, '{"actorType":"system","actorId":null}'
         RETURNING position
       )
       INSERT INTO outbox (event_position) SELECT position FROM appended`,
      [day, JSON.stringify({ rows })],
    );
  }
}

/** The projection of those events: increments to the day's counters, their month's and the day's totals per channel. */
export async function applySignupsCounted(q: QueryRunner, counters: SignupCounter[]): Promise<void> {
  await q.query(
    `WITH counted AS (
       SELECT * FROM unnest($1::date[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::int[])
         AS c(day, channel, creator_code, source_tag, utm_source, utm_campaign, signups)
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
      counters.map((r) => r.day),
      counters.map((r) => r.channel),
      counters.map((r) => r.creatorCode),
      counters.map((r) => r.sourceTag),
      counters.map((r) => r.utmSource),
      counters.map((r) => r.utmCampaign),
      counters.map((r) => r.signups),
    ],
  );
}
