import { MigrationInterface, QueryRunner } from 'typeorm';

/** A privacy request finds a person's rows by address (lower-cased), in well under a second at any size. */
export class EarlyAccessCodesByEmail1763700002104 implements MigrationInterface {
  name = 'EarlyAccessCodesByEmail1763700002104';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX early_access_codes_email_lower ON early_access_codes (lower(email))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX early_access_codes_email_lower`);
  }
}
