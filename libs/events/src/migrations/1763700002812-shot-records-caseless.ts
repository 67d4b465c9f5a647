import { fillAddressKeys } from '@swishly/platform';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One key per address (CaselessAddresses1763700002810): the claimer's address as every
 * lookup compares it, beside the address, filled with the frozen rule of that migration (the
 * projection writes it from the claim from now on, so a replay rebuilds it). A privacy request
 * finds a person's shots by it; the `lower(email)` index gives way to its own.
 */
export class ShotRecordsCaseless1763700002812 implements MigrationInterface {
  name = 'ShotRecordsCaseless1763700002812';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE shot_records ADD COLUMN email_normalized text`);
    await fillAddressKeys(q, { table: 'shot_records', key: 'id', keyType: 'uuid', columns: [{ column: 'email_normalized', source: 'email' }] });
    await q.query(`CREATE INDEX shot_records_email_normalized ON shot_records (email_normalized) WHERE email_normalized IS NOT NULL`);
    await q.query(`DROP INDEX shot_records_email_lower`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX shot_records_email_lower ON shot_records (lower(email))`);
    await q.query(`ALTER TABLE shot_records DROP COLUMN email_normalized`);
  }
}
