import { MigrationInterface, QueryRunner } from 'typeorm';

const COUNTERS = ['joined', 'confirmed', 'admitted', 'redeemed', 'reminded', 'confirmed_after_reminder'];
const COUNTER_COLUMNS = COUNTERS.map((c) => `${c} integer NOT NULL DEFAULT 0`).join(', ');
const SUMS = COUNTERS.map((c) => `sum(${c})`).join(', ');
const ADDED = (table: string) => COUNTERS.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ');

/**
 * The report's funnel over a year read as the downloads are: its sums per source and creator code
 * from a row per month (funnel_monthly_counts) plus the days at the period's ends, and its series
 * per day from a row per day (funnel_day_totals), instead of a year of cohorts (tens of thousands
 * of rows) summed four ways on each read. Both are kept from funnel_daily_counts by a trigger on
 * each statement, whatever writes it (a join, a confirmation, a replay), as the sums of its rows.
 */
export class ReportFunnelByMonth1763700004020 implements MigrationInterface {
  name = 'ReportFunnelByMonth1763700004020';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE funnel_monthly_counts (
      month date NOT NULL, source varchar(16) NOT NULL, creator_code varchar(32) NOT NULL, ${COUNTER_COLUMNS},
      PRIMARY KEY (month, source, creator_code))`);
    await q.query(`CREATE TABLE funnel_day_totals (day date PRIMARY KEY, ${COUNTER_COLUMNS})`);
    // Each statement's change: its new rows less its old ones, summed per month and per day.
    const change = (rows: string) => `SELECT day, source, creator_code, ${COUNTERS.join(', ')} FROM (${rows}) r`;
    const signed = (table: string, sign: string) => `SELECT day, source, creator_code, ${COUNTERS.map((c) => `${sign}${c} AS ${c}`).join(', ')} FROM ${table}`;
    const apply = (rows: string) => `
          INSERT INTO funnel_monthly_counts AS m (month, source, creator_code, ${COUNTERS.join(', ')})
            SELECT date_trunc('month', day)::date, source, creator_code, ${SUMS} FROM (${change(rows)}) c
            GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
            ON CONFLICT (month, source, creator_code) DO UPDATE SET ${ADDED('m')};
          INSERT INTO funnel_day_totals AS t (day, ${COUNTERS.join(', ')})
            SELECT day, ${SUMS} FROM (${change(rows)}) c GROUP BY 1 ORDER BY 1
            ON CONFLICT (day) DO UPDATE SET ${ADDED('t')};`;
    await q.query(`
      CREATE FUNCTION funnel_count_months() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          -- Not TRUNCATE: a replay empties all three in one statement, and they are in use by it.
          DELETE FROM funnel_monthly_counts;
          DELETE FROM funnel_day_totals;
        ELSIF TG_OP = 'INSERT' THEN ${apply(signed('new_rows', ''))}
        ELSIF TG_OP = 'UPDATE' THEN ${apply(`${signed('new_rows', '')} UNION ALL ${signed('old_rows', '-')}`)}
        ELSE ${apply(signed('old_rows', '-'))}
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(
      `CREATE TRIGGER funnel_months_inserted AFTER INSERT ON funnel_daily_counts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION funnel_count_months()`,
    );
    await q.query(
      `CREATE TRIGGER funnel_months_updated AFTER UPDATE ON funnel_daily_counts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
         FOR EACH STATEMENT EXECUTE FUNCTION funnel_count_months()`,
    );
    await q.query(
      `CREATE TRIGGER funnel_months_deleted AFTER DELETE ON funnel_daily_counts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION funnel_count_months()`,
    );
    await q.query(`CREATE TRIGGER funnel_months_truncated AFTER TRUNCATE ON funnel_daily_counts FOR EACH STATEMENT EXECUTE FUNCTION funnel_count_months()`);
    // The cohorts already counted, summed while nothing writes them.
    await q.query(`LOCK TABLE funnel_daily_counts IN SHARE MODE`);
    await q.query(`INSERT INTO funnel_monthly_counts (month, source, creator_code, ${COUNTERS.join(', ')})
      SELECT date_trunc('month', day)::date, source, creator_code, ${SUMS} FROM funnel_daily_counts GROUP BY 1, 2, 3`);
    await q.query(`INSERT INTO funnel_day_totals (day, ${COUNTERS.join(', ')}) SELECT day, ${SUMS} FROM funnel_daily_counts GROUP BY 1`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const trigger of ['inserted', 'updated', 'deleted', 'truncated']) await q.query(`DROP TRIGGER funnel_months_${trigger} ON funnel_daily_counts`);
    await q.query(`DROP FUNCTION funnel_count_months()`);
    await q.query(`DROP TABLE funnel_day_totals`);
    await q.query(`DROP TABLE funnel_monthly_counts`);
  }
}
