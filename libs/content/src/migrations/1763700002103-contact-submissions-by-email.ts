import { MigrationInterface, QueryRunner } from 'typeorm';

/** A privacy request finds a person's messages by address (lower-cased), the retention job by date, in well under a second at any size. */
export class ContactSubmissionsByEmail1763700002103 implements MigrationInterface {
  name = 'ContactSubmissionsByEmail1763700002103';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX contact_submissions_email_lower ON contact_submissions (lower(email))`);
    // The retention job finds the messages past their period by date.
    await q.query(`CREATE INDEX contact_submissions_created ON contact_submissions (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX contact_submissions_created`);
    await q.query(`DROP INDEX contact_submissions_email_lower`);
  }
}
