import { MigrationInterface, QueryRunner } from 'typeorm';

// Split out of a migration that several modules shared; idempotent, so a database that ran
// the shared one (FoundationReadModels1763700000100, MailLogAndReferrals1763700000200 or
// Admin1763700000300, kept in its migrations table) is left as it is.
/** Messages sent through the contact form. */
export class ContactSubmissions1763700000102 implements MigrationInterface {
  name = 'ContactSubmissions1763700000102';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE IF NOT EXISTS contact_submissions (
        id         uuid PRIMARY KEY,
        first_name varchar(100) NOT NULL,
        last_name  varchar(100),
        email      varchar(254) NOT NULL,
        subject    varchar(200),
        message    text NOT NULL,
        created_at timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE contact_submissions`);
  }
}
