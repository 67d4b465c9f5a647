import { fillAddressKeys } from '@swishly/platform';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One key per address (CaselessAddresses1763700002810): the sender's address as every
 * lookup compares it, beside the address, filled with the frozen rule of that migration (the
 * projection writes it from the message's event from now on, so a replay rebuilds it). A privacy
 * request finds a person's messages by it; the `lower(email)` index gives way to its own.
 */
export class ContactSubmissionsCaseless1763700002813 implements MigrationInterface {
  name = 'ContactSubmissionsCaseless1763700002813';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE contact_submissions ADD COLUMN email_normalized text`);
    await fillAddressKeys(q, { table: 'contact_submissions', key: 'id', keyType: 'uuid', columns: [{ column: 'email_normalized', source: 'email' }] });
    await q.query(`ALTER TABLE contact_submissions ALTER COLUMN email_normalized SET NOT NULL`);
    await q.query(`CREATE INDEX contact_submissions_email_normalized ON contact_submissions (email_normalized)`);
    await q.query(`DROP INDEX contact_submissions_email_lower`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX contact_submissions_email_lower ON contact_submissions (lower(email))`);
    await q.query(`ALTER TABLE contact_submissions DROP COLUMN email_normalized`);
  }
}
