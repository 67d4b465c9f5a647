import { MigrationInterface, QueryRunner } from 'typeorm';
import { appendSignupsCounted, applySignupsCounted, SignupCounter } from './signups-counted-sql';

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
    const counters: SignupCounter[] = await q.query(
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

    await appendSignupsCounted(q, counters);
    // The projection of those events, applied here as the event store applies it on an append.
    await applySignupsCounted(q, counters);
  }

  async down(): Promise<void> {
    // The log is append-only: the counted sign-ups stay counted.
  }
}
