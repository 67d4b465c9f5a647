import { MigrationInterface, QueryRunner } from 'typeorm';

/** Shot records of the booth (hbf) and the web flow (shot): one table, unique code per kind. */
export class ShotRecords1763700000401 implements MigrationInterface {
  name = 'ShotRecords1763700000401';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE IF NOT EXISTS shot_records (
        id                 uuid PRIMARY KEY,
        kind               varchar(8) NOT NULL CHECK (kind IN ('hbf', 'shot')),
        code               varchar(32) NOT NULL,
        first_name         varchar(100),
        email              varchar(254),
        shot_data          jsonb,
        metrics            jsonb,
        feedback_generator varchar(8),
        access_code        varchar(32),
        waitlist_entry_id  uuid,
        version            int NOT NULL,
        created_at         timestamptz NOT NULL,
        updated_at         timestamptz NOT NULL,
        CONSTRAINT shot_records_kind_code_key UNIQUE (kind, code)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE shot_records`);
  }
}
