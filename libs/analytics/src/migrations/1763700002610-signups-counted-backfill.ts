import { MigrationInterface, QueryRunner } from 'typeorm';

const CONSUMER = 'analytics.roll-up-signups';

/**
 * Sign-ups from before the sign-up roll-up: the outbox had checked off their 'waitlist.joined'
 * events before the consumer existed, so the consumer never saw them and the sign-up report left
 * them out. This counts every join the consumer has not recorded in processed_events, as the
 * roll-up job would (RollUpSignupsJob, signupCounterOf): it records each in processed_events (so
 * neither this, run again, nor the consumer, on a late delivery, counts it twice; one the consumer
 * holds at this moment waits for it and is skipped, or is skipped here), appends one SignupsCounted
 * ('analytics.signups-counted') per UTC day on that day's 'signup-rollup' stream, with its outbox
 * row, and applies the event to the read models as its projection does (SignupsRepository.addSignups).
 *
 * One transaction (the migrations run with transaction 'each'): all of it or nothing. The events
 * carry what the job's do: a day, a channel, a creator code, the arrival source and a count; no
 * name or address of anyone.
 */
export class SignupsCountedBackfill1763700002610 implements MigrationInterface {
  name = 'SignupsCountedBackfill1763700002610';

  async up(q: QueryRunner): Promise<void> {
    // The same counter as signupCounterOf: the join's UTC day, channel, creator code and arrival source.
    const counters: { day: string; channel: string; creatorCode: string; sourceTag: string; utmSource: string; utmCampaign: string; signups: number }[] =
      await q.query(
        `WITH claimed AS (
           INSERT INTO processed_events (consumer, event_id)
           SELECT $1, id FROM domain_events WHERE type = 'waitlist.joined' ORDER BY position
           ON CONFLICT DO NOTHING
           RETURNING event_id
         ), joins AS (
           SELECT (e.occurred_at AT TIME ZONE 'UTC')::date AS day,
                  CASE e.payload->'referral'->>'kind'
                    WHEN 'creator' THEN 'creator'
                    WHEN 'entry' THEN CASE e.payload->'referral'->>'status' WHEN 'self' THEN 'self_referral' WHEN 'flagged' THEN 'flagged_referral' ELSE 'referral' END
                    ELSE 'direct'
                  END AS channel,
                  CASE WHEN e.payload->'referral'->>'kind' = 'creator' THEN upper(e.payload->'referral'->>'code') ELSE '' END AS creator_code,
                  coalesce(e.payload->'attribution'->>'sourceTag', '') AS source_tag,
                  coalesce(e.payload->'attribution'->>'utmSource', '') AS utm_source,
                  coalesce(e.payload->'attribution'->>'utmCampaign', '') AS utm_campaign
           FROM domain_events e JOIN claimed c ON c.event_id = e.id
         )
         SELECT to_char(day, 'YYYY-MM-DD') AS "day", channel, creator_code AS "creatorCode", source_tag AS "sourceTag",
                utm_source AS "utmSource", utm_campaign AS "utmCampaign", count(*)::int AS signups
         FROM joins GROUP BY day, channel, creator_code, source_tag, utm_source, utm_campaign
         ORDER BY 1, 2, 3, 4, 5, 6`,
        [CONSUMER],
      );
    if (counters.length === 0) return;

    const days = [...new Set(counters.map((c) => c.day))];
    for (const day of days) {
      // As an 'any' append does: writers to the stream take turns.
      await q.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`signup-rollup/${day}`]);
      const rows = counters.filter((c) => c.day === day);
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

    // The projection of those events (SignupsRepository.addSignups): increments to the day's
    // counters, their month's counters and the day's totals per channel.
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

  async down(): Promise<void> {
    // The log is append-only: the counted sign-ups stay counted.
  }
}
