import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Read models the report sums instead of a year of daily counters: the counters per calendar
 * month (whole months of a period come from here, its edge days from the daily table) and the
 * day's totals per click type (the time series). Both are kept by the projection that writes
 * download_daily_rollups, and filled here from what that table already holds.
 */
export class DownloadReportRollups1763700001600 implements MigrationInterface {
  name = 'DownloadReportRollups1763700001600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE download_monthly_rollups (
        month         date NOT NULL,
        source_tag    varchar(64) NOT NULL,
        platform      varchar(16) NOT NULL,
        click_type    varchar(16) NOT NULL,
        humans        integer NOT NULL,
        unique_humans integer NOT NULL,
        bots          integer NOT NULL,
        unique_bots   integer NOT NULL,
        PRIMARY KEY (month, source_tag, platform, click_type)
      )`);
    await q.query(`
      CREATE TABLE download_daily_totals (
        day           date NOT NULL,
        click_type    varchar(16) NOT NULL,
        humans        integer NOT NULL,
        unique_humans integer NOT NULL,
        bots          integer NOT NULL,
        unique_bots   integer NOT NULL,
        PRIMARY KEY (day, click_type)
      )`);
    await q.query(`
      INSERT INTO download_monthly_rollups (month, source_tag, platform, click_type, humans, unique_humans, bots, unique_bots)
      SELECT date_trunc('month', day::timestamp)::date, source_tag, platform, click_type, sum(humans), sum(unique_humans), sum(bots), sum(unique_bots)
      FROM download_daily_rollups GROUP BY 1, 2, 3, 4`);
    await q.query(`
      INSERT INTO download_daily_totals (day, click_type, humans, unique_humans, bots, unique_bots)
      SELECT day, click_type, sum(humans), sum(unique_humans), sum(bots), sum(unique_bots)
      FROM download_daily_rollups GROUP BY 1, 2`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE download_daily_totals, download_monthly_rollups`);
  }
}
