import { MigrationInterface, QueryRunner } from 'typeorm';

/** A privacy request finds a person's rows by address (lower-cased), in well under a second at any size. */
export class ContactSubmissionsByEmail1763700002103 implements MigrationInterface {
  name = 'ContactSubmissionsByEmail1763700002103';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX contact_submissions_email_lower ON contact_submissions (lower(email))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX contact_submissions_email_lower`);
  }
}
