import { Injectable } from '@nestjs/common';
import { monthsToRead, type FunnelSums } from '@swishly/analytics';
import { DataSource, EntityManager } from 'typeorm';

/** The steps a member reaches after joining (the counters of funnel_daily_counts that follow a member's flag). */
type Step = 'confirmed' | 'admitted' | 'reminded';

/**
 * The funnel's tables (funnel_members, funnel_daily_counts): the projection's writes (static:
 * they run in the transaction they are given) and the report's read.
 */
@Injectable()
export class ReportFunnelRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The funnel of the members who joined from `from` to `to` (UTC days, both included), summed per
   * day, source, creator code and in all. As the report's downloads are read: the months of the
   * period (monthsToRead) from funnel_monthly_counts, plus the period's other days, minus those
   * months' days outside it, from funnel_daily_counts; the days from funnel_day_totals.
   */
  async sums(from: string, to: string): Promise<FunnelSums> {
    const months = monthsToRead(from, to);
    const counters = `joined, confirmed, admitted, redeemed, reminded, confirmed_after_reminder`;
    const sums = `coalesce(sum(joined), 0)::int AS joined, coalesce(sum(confirmed), 0)::int AS confirmed, coalesce(sum(admitted), 0)::int AS admitted,
              coalesce(sum(redeemed), 0)::int AS redeemed, coalesce(sum(reminded), 0)::int AS reminded,
              coalesce(sum(confirmed_after_reminder), 0)::int AS "confirmedAfterReminder"`;
    const rows: {
      day: string | null;
      source: string | null;
      creatorCode: string | null;
      byDay: boolean;
      bySource: boolean;
      byCode: boolean;
      joined: number;
      confirmed: number;
      admitted: number;
      redeemed: number;
      reminded: number;
      confirmedAfterReminder: number;
    }[] = await this.dataSource.query(
      `WITH cohorts AS (
         SELECT source, creator_code, ${counters} FROM funnel_monthly_counts WHERE month >= $3::date AND month < $4::date
         UNION ALL
         SELECT source, creator_code, ${counters}
         FROM funnel_daily_counts WHERE day BETWEEN $1::date AND $2::date AND (day < $3::date OR day >= $4::date)
         UNION ALL
         SELECT source, creator_code, -joined, -confirmed, -admitted, -redeemed, -reminded, -confirmed_after_reminder
         FROM funnel_daily_counts WHERE day >= $3::date AND day < $4::date AND (day < $1::date OR day > $2::date))
       SELECT NULL AS day, source, creator_code AS "creatorCode", false AS "byDay",
              GROUPING(source) = 0 AS "bySource", GROUPING(creator_code) = 0 AS "byCode", ${sums}
       FROM cohorts GROUP BY GROUPING SETS ((source), (creator_code), ())
       -- A source or code whose subtracted days held all its members nets to zero: none joined in the period.
       HAVING GROUPING(source, creator_code) = 3 OR sum(joined) <> 0 OR sum(confirmed) <> 0 OR sum(admitted) <> 0 OR sum(redeemed) <> 0
       UNION ALL
       SELECT to_char(day, 'YYYY-MM-DD'), NULL, NULL, true, false, false, ${sums}
       FROM funnel_day_totals WHERE day BETWEEN $1::date AND $2::date GROUP BY day`,
      [from, to, months.from, months.until],
    );
    const steps = (r: (typeof rows)[number]) => ({ joined: r.joined, confirmed: r.confirmed, admitted: r.admitted, redeemed: r.redeemed });
    // The grand total's row is there even for a period without members (its sums are zeros).
    const total = rows.find((r) => !r.byDay && !r.bySource && !r.byCode)!;
    return {
      totals: { ...steps(total), reminded: total.reminded, confirmedAfterReminder: total.confirmedAfterReminder },
      days: rows.filter((r) => r.byDay).map((r) => ({ day: r.day!, ...steps(r) })),
      sources: rows.filter((r) => r.bySource).map((r) => ({ source: r.source!, ...steps(r) })),
      creatorCodes: rows.filter((r) => r.byCode && r.creatorCode !== '').map((r) => ({ creatorCode: r.creatorCode!, ...steps(r) })),
    };
  }

  /** New members, each counted as joined once in their cohort (a member already there is not counted again). */
  static async addMembers(members: { entryId: string; day: string; source: string; creatorCode: string }[], db: EntityManager): Promise<void> {
    await db.query(
      `WITH added AS (
         INSERT INTO funnel_members (entry_id, day, source, creator_code)
         SELECT * FROM unnest($1::uuid[], $2::date[], $3::varchar[], $4::varchar[])
         ON CONFLICT DO NOTHING
         RETURNING day, source, creator_code)
       INSERT INTO funnel_daily_counts (day, source, creator_code, joined)
       SELECT day, source, creator_code, count(*) FROM added GROUP BY day, source, creator_code
       ON CONFLICT (day, source, creator_code) DO UPDATE SET joined = funnel_daily_counts.joined + excluded.joined`,
      [members.map((m) => m.entryId), members.map((m) => m.day), members.map((m) => m.source), members.map((m) => m.creatorCode)],
    );
  }

  /** Members reach `step`: each counted there once, in their cohort (a confirmation after the reminder is counted apart too). */
  static async reach(step: Step, entryIds: string[], db: EntityManager): Promise<void> {
    await db.query(
      `WITH moved AS (
         UPDATE funnel_members SET ${step} = true WHERE entry_id = ANY($1::uuid[]) AND NOT ${step}
         RETURNING day, source, creator_code, reminded)
       UPDATE funnel_daily_counts c SET ${step} = c.${step} + m.n,
         confirmed_after_reminder = c.confirmed_after_reminder + CASE WHEN $2 THEN m.after_reminder ELSE 0 END
       FROM (SELECT day, source, creator_code, count(*)::int AS n, count(*) FILTER (WHERE reminded)::int AS after_reminder
             FROM moved GROUP BY day, source, creator_code) m
       WHERE c.day = m.day AND c.source = m.source AND c.creator_code = m.creator_code`,
      [entryIds, step === 'confirmed'],
    );
  }

  /** The early-access code an admitted member was given (its redemption is theirs). */
  static async giveCode(entryId: string, codeId: string, db: EntityManager): Promise<void> {
    await db.query(`UPDATE funnel_members SET code_id = $2 WHERE entry_id = $1`, [entryId, codeId]);
  }

  /** The code was redeemed: its member counts as redeemed once (a code no member was given is not in the funnel). */
  static async redeemed(codeId: string, db: EntityManager): Promise<void> {
    await db.query(
      `WITH moved AS (UPDATE funnel_members SET redeemed = true WHERE code_id = $1 AND NOT redeemed RETURNING day, source, creator_code)
       UPDATE funnel_daily_counts c SET redeemed = c.redeemed + 1 FROM moved m
       WHERE c.day = m.day AND c.source = m.source AND c.creator_code = m.creator_code`,
      [codeId],
    );
  }

  /** An erased member: their row goes, their counts stay (anonymous). */
  static async forget(entryId: string, db: EntityManager): Promise<void> {
    await db.query(`DELETE FROM funnel_members WHERE entry_id = $1`, [entryId]);
  }
}
