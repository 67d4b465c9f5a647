import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The sign-up counters per calendar month (whole months of a period come from here, its edge days
 * from signup_daily_rollups) and each day's sign-ups per channel (the series), kept by the
 * projection that writes signup_daily_rollups, and filled here from what that table holds.
 */
export class SignupReportRollups1763700001610 implements MigrationInterface {
  name = 'SignupReportRollups1763700001610';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE signup_monthly_rollups (
        month        date NOT NULL,
        channel      varchar(16) NOT NULL,
        creator_code varchar(32) NOT NULL,
        source_tag   varchar(64) NOT NULL,
        utm_source   varchar(100) NOT NULL,
        utm_campaign varchar(100) NOT NULL,
        signups      integer NOT NULL,
        PRIMARY KEY (month, channel, creator_code, source_tag, utm_source, utm_campaign)
      )`);
    await q.query(`
      CREATE TABLE signup_daily_totals (
        day     date NOT NULL,
        channel varchar(16) NOT NULL,
        signups integer NOT NULL,
        PRIMARY KEY (day, channel)
      )`);
    await q.query(`
      INSERT INTO signup_monthly_rollups (month, channel, creator_code, source_tag, utm_source, utm_campaign, signups)
      SELECT date_trunc('month', day::timestamp)::date, channel, creator_code, source_tag, utm_source, utm_campaign, sum(signups)
      FROM signup_daily_rollups GROUP BY 1, 2, 3, 4, 5, 6`);
    await q.query(`
      INSERT INTO signup_daily_totals (day, channel, signups)
      SELECT day, channel, sum(signups) FROM signup_daily_rollups GROUP BY 1, 2`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE signup_daily_totals, signup_monthly_rollups`);
  }
}
