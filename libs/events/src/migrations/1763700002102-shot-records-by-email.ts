import { MigrationInterface, QueryRunner } from 'typeorm';

/** A privacy request finds a person's rows by address (lower-cased), in well under a second at any size. */
export class ShotRecordsByEmail1763700002102 implements MigrationInterface {
  name = 'ShotRecordsByEmail1763700002102';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX shot_records_email_lower ON shot_records (lower(email))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX shot_records_email_lower`);
  }
}
