import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The report's funnel (joined → confirmed → admitted → code redeemed), kept by ReportFunnelProjection.
 * `funnel_members`: where each member has got, and the cohort they count in (their join day, as
 * the list shows it, source and creator code); `funnel_daily_counts`: the same summed per cohort,
 * which the report reads (a few rows a day, whatever the number of members). An erased member's
 * row goes; their counts stay, anonymous, as the report's sign-up counts do. Filled from the log.
 */
export class ReportFunnel1763700003910 implements MigrationInterface {
  name = 'ReportFunnel1763700003910';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE funnel_members (
      entry_id uuid PRIMARY KEY,
      day date NOT NULL,
      source varchar(16) NOT NULL,
      creator_code varchar(32) NOT NULL,
      confirmed boolean NOT NULL DEFAULT false,
      admitted boolean NOT NULL DEFAULT false,
      redeemed boolean NOT NULL DEFAULT false,
      reminded boolean NOT NULL DEFAULT false,
      code_id uuid
    )`);
    await q.query(`CREATE INDEX funnel_members_code ON funnel_members (code_id) WHERE code_id IS NOT NULL`);
    await q.query(`CREATE TABLE funnel_daily_counts (
      day date NOT NULL,
      source varchar(16) NOT NULL,
      creator_code varchar(32) NOT NULL,
      joined integer NOT NULL DEFAULT 0,
      confirmed integer NOT NULL DEFAULT 0,
      admitted integer NOT NULL DEFAULT 0,
      redeemed integer NOT NULL DEFAULT 0,
      reminded integer NOT NULL DEFAULT 0,
      confirmed_after_reminder integer NOT NULL DEFAULT 0,
      PRIMARY KEY (day, source, creator_code)
    )`);

    // Existing members, from the log, as the projection would have kept them.
    await q.query(`INSERT INTO funnel_members (entry_id, day, source, creator_code)
      SELECT (payload->>'entryId')::uuid,
             (coalesce((payload->>'joinedAt')::timestamptz, occurred_at) AT TIME ZONE 'UTC')::date,
             payload->>'source',
             CASE WHEN payload->'referral'->>'kind' = 'creator' THEN payload->'referral'->>'code' ELSE '' END
      FROM domain_events WHERE type = 'waitlist.joined'
      ON CONFLICT DO NOTHING`);
    await q.query(`UPDATE funnel_members m SET confirmed = true
      FROM domain_events e WHERE e.type IN ('waitlist.confirmed', 'waitlist.admitted') AND (e.payload->>'entryId')::uuid = m.entry_id`);
    await q.query(`UPDATE funnel_members m SET admitted = true
      FROM domain_events e WHERE e.type = 'waitlist.admitted' AND (e.payload->>'entryId')::uuid = m.entry_id`);
    await q.query(`UPDATE funnel_members m SET reminded = true
      FROM domain_events e WHERE e.type = 'waitlist.confirmation-reminded' AND (e.payload->>'entryId')::uuid = m.entry_id`);
    await q.query(`UPDATE funnel_members m SET code_id = (e.payload->>'codeId')::uuid
      FROM domain_events e WHERE e.type = 'admin.member-invited' AND e.payload->>'codeId' IS NOT NULL AND (e.payload->>'entryId')::uuid = m.entry_id`);
    await q.query(`UPDATE funnel_members m SET redeemed = true
      FROM domain_events e WHERE e.type = 'early-access.code-redeemed' AND (e.payload->>'codeId')::uuid = m.code_id`);
    await q.query(`INSERT INTO funnel_daily_counts (day, source, creator_code, joined, confirmed, admitted, redeemed, reminded)
      SELECT day, source, creator_code, count(*), count(*) FILTER (WHERE confirmed), count(*) FILTER (WHERE admitted),
             count(*) FILTER (WHERE redeemed), count(*) FILTER (WHERE reminded)
      FROM funnel_members GROUP BY day, source, creator_code`);
    await q.query(`DELETE FROM funnel_members m
      USING domain_events e WHERE e.type = 'waitlist.member-erased' AND (e.payload->>'entryId')::uuid = m.entry_id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE funnel_daily_counts`);
    await q.query(`DROP TABLE funnel_members`);
  }
}
