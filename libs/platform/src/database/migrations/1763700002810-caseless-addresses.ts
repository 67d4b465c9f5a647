import { MigrationInterface, QueryRunner } from 'typeorm';
import { caselessAddress1763700002810, fillAddressKeys, rekeyAddresses } from './caseless-addresses';

/**
 * One key per address: every table that keeps an address keeps its normalised form
 * beside it (normaliseEmail, done in TypeScript), and every lookup compares that column, never
 * Postgres's `lower()`, which lower-cases `İ`, `Σ` or `ｍ` otherwise than JavaScript. The
 * platform's part:
 * - the mail log's `to_address_normalized` and `reply_to_normalized` (an erasure and staff's view
 *   of a member find the emails by them), filled here, written by MailService from now on; the
 *   `lower()` indexes of 1763700002100 give way to theirs;
 * - the subjects `email:<address>` of `personal_data`, filed under JavaScript's lower case (or
 *   Postgres's, for the events 1763700002100 moved), re-keyed under the rule from each event's
 *   own `email` field. Most stay as they were: ASCII addresses normalise the same.
 *
 * The fill uses a frozen copy of the rule (caselessAddress1763700002810, and its exact form in SQL
 * for ASCII addresses), so it does tomorrow what it does today.
 *
 * The suppression list (mail_suppressions) is not re-keyed: it keeps an HMAC of the normalised
 * address under APP_SECRET, which cannot be computed without the address (an erased person's is
 * gone for good) nor here without the secret. Nothing else is needed for ASCII addresses, the
 * near-all: they normalise exactly as before (NFKC leaves ASCII alone, there is no ς to fold),
 * so their hashes are the same. The few a suppression was recorded for under the former rule and
 * that the new rule changes (full-width or decomposed letters, a final ς) are still found at
 * every send: MailSuppressions also looks up the former rule's hash of the address it sends to.
 */
export class CaselessAddresses1763700002810 implements MigrationInterface {
  name = 'CaselessAddresses1763700002810';

  async up(q: QueryRunner): Promise<void> {
    // text: NFKC may lengthen an address (one ligature becomes several letters) past the 254 of the address itself.
    await q.query(`ALTER TABLE mail_log ADD COLUMN to_address_normalized text, ADD COLUMN reply_to_normalized text`);
    await fillAddressKeys(q, {
      table: 'mail_log',
      key: 'id',
      keyType: 'bigint',
      columns: [
        { column: 'to_address_normalized', source: 'to_address' },
        { column: 'reply_to_normalized', source: 'reply_to' },
      ],
    });
    await q.query(`ALTER TABLE mail_log ALTER COLUMN to_address_normalized SET NOT NULL`);
    await q.query(`CREATE INDEX mail_log_to_address_normalized ON mail_log (to_address_normalized)`);
    await q.query(`CREATE INDEX mail_log_reply_to_normalized ON mail_log (reply_to_normalized) WHERE reply_to_normalized IS NOT NULL`);
    await q.query(`DROP INDEX mail_log_to_address_lower`);
    await q.query(`DROP INDEX mail_log_reply_to_lower`);

    await q.query(`ALTER TABLE personal_data ALTER COLUMN subject TYPE text`);
    await rekeyAddresses(q, {
      table: 'personal_data',
      key: 'event_id',
      keyType: 'uuid',
      where: `subject LIKE 'email:%'`,
      column: 'subject',
      source: `coalesce(fields->>'email', substr(subject, 7))`,
      keyOf: (address) => `email:${address}`,
    });
  }

  async down(q: QueryRunner): Promise<void> {
    // The subjects go back to JavaScript's lower case of each event's address (what the code before wrote).
    const rows: { event_id: string; email: string }[] = await q.query(
      `SELECT event_id, fields->>'email' AS email FROM personal_data WHERE subject LIKE 'email:%' AND fields ? 'email'`,
    );
    const back = rows.filter((r) => caselessAddress1763700002810(r.email) !== r.email.trim().toLowerCase());
    if (back.length > 0) {
      await q.query(`UPDATE personal_data p SET subject = v.subject FROM unnest($1::uuid[], $2::text[]) AS v(id, subject) WHERE p.event_id = v.id`, [
        back.map((r) => r.event_id),
        back.map((r) => `email:${r.email.trim().toLowerCase()}`),
      ]);
    }
    await q.query(`CREATE INDEX mail_log_to_address_lower ON mail_log (lower(to_address))`);
    await q.query(`CREATE INDEX mail_log_reply_to_lower ON mail_log (lower(reply_to)) WHERE reply_to IS NOT NULL`);
    await q.query(`ALTER TABLE mail_log DROP COLUMN reply_to_normalized, DROP COLUMN to_address_normalized`);
    await q.query(`ALTER TABLE personal_data ALTER COLUMN subject TYPE varchar(320)`);
  }
}
