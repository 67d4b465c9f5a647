import { MigrationInterface, QueryRunner } from 'typeorm';
import { appendSignupsCounted, applySignupsCounted, SignupCounter } from './signups-counted-sql';

const COUNTED_BY = 'analytics.roll-up-signups';
/** Its own processed_events name: a join moved once is never moved again. */
const MOVED_BY = 'analytics.referral-channels-apart';

/**
 * Self and held referrals counted apart, also for the joins the roll-up job counted before it told
 * them apart: it had counted a visitor's own link and a referral held for review as 'referral'.
 * For each such join it has counted, one SignupsCounted per UTC day moves the count: -1 from
 * 'referral', +1 to 'self_referral' or 'flagged_referral' on the same counter, appended with its
 * outbox row and applied to the read models as its projection does (SignupsRepository.addSignups),
 * so a replay gives the same. Before SignupsCountedBackfill1763700002610, which counts the joins
 * never counted with the channels apart already. No name or address in the events: a day, a
 * channel, a creator code, the arrival source and counts.
 */
export class ReferralChannelsApart1763700002605 implements MigrationInterface {
  name = 'ReferralChannelsApart1763700002605';

  async up(q: QueryRunner): Promise<void> {
    const moves: { day: string; channel: string; sourceTag: string; utmSource: string; utmCampaign: string; signups: number }[] = await q.query(
      `WITH moved AS (
         INSERT INTO processed_events (consumer, event_id)
         SELECT $2, e.id FROM domain_events e JOIN processed_events p ON p.event_id = e.id AND p.consumer = $1
         WHERE e.type = 'waitlist.joined' AND e.payload->'referral'->>'kind' = 'entry' AND e.payload->'referral'->>'status' IN ('self', 'flagged')
         ON CONFLICT DO NOTHING
         RETURNING event_id
       )
       SELECT to_char((e.occurred_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day,
              CASE e.payload->'referral'->>'status' WHEN 'self' THEN 'self_referral' ELSE 'flagged_referral' END AS channel,
              coalesce(e.payload->'attribution'->>'sourceTag', '') AS "sourceTag",
              coalesce(e.payload->'attribution'->>'utmSource', '') AS "utmSource",
              coalesce(e.payload->'attribution'->>'utmCampaign', '') AS "utmCampaign",
              count(*)::int AS signups
       FROM domain_events e JOIN moved m ON m.event_id = e.id
       GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5`,
      [COUNTED_BY, MOVED_BY],
    );
    if (moves.length === 0) return;

    // Each move as two increments of the counter: out of 'referral', into its own channel.
    const rows: SignupCounter[] = moves.flatMap(({ signups, ...counter }) => [
      { ...counter, channel: 'referral', creatorCode: '', signups: -signups },
      { ...counter, creatorCode: '', signups },
    ]);
    await appendSignupsCounted(q, rows);
    await applySignupsCounted(q, rows);
  }

  async down(): Promise<void> {
    // The log is append-only: the moved counts stay moved.
  }
}
