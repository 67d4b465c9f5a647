import { fillAddressKeys, rekeyAddresses } from '@swishly/platform';
import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One key per address (CaselessAddresses1763700002810), the admin module's part, with
 * the frozen rule of that migration:
 * - early-access codes keep the address as every lookup compares it, beside the address (the
 *   projection writes it from the code's event from now on, so a replay rebuilds it); a member's
 *   view and a privacy request find the codes by it, and the `lower(email)` index gives way to its own;
 * - staff accounts' `email_normalized` (sign-in), written under the former rule, is re-keyed
 *   where the rule changed it (never for an ASCII address). An account whose new key is another's
 *   is left as it was and logged.
 */
export class CaselessAddresses1763700002814 implements MigrationInterface {
  name = 'CaselessAddresses1763700002814';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE early_access_codes ADD COLUMN email_normalized text`);
    await fillAddressKeys(q, { table: 'early_access_codes', key: 'id', keyType: 'uuid', columns: [{ column: 'email_normalized', source: 'email' }] });
    await q.query(`ALTER TABLE early_access_codes ALTER COLUMN email_normalized SET NOT NULL`);
    await q.query(`CREATE INDEX early_access_codes_email_normalized ON early_access_codes (email_normalized)`);
    await q.query(`DROP INDEX early_access_codes_email_lower`);

    // text: NFKC may lengthen an address past the 254 characters of the address itself.
    await q.query(`ALTER TABLE admin_users ALTER COLUMN email_normalized TYPE text`);
    await rekeyAddresses(q, { table: 'admin_users', key: 'id', keyType: 'uuid', column: 'email_normalized', source: 'email', unique: true });
  }

  async down(q: QueryRunner): Promise<void> {
    // Staff accounts keep their keys: the former rule read them the same for every ASCII address.
    await q.query(`CREATE INDEX early_access_codes_email_lower ON early_access_codes (lower(email))`);
    await q.query(`ALTER TABLE early_access_codes DROP COLUMN email_normalized`);
  }
}
