import { rekeyAddresses } from '@swishly/platform';
import { MigrationInterface, QueryRunner } from 'typeorm';

/** The mailbox behind a normalised address, `+tags` removed: canonicalMailbox as it was when this ran. */
const mailbox1763700002811 = (address: string) => {
  const [local, domain] = address.split('@');
  return `${local.split('+')[0]}@${domain}`;
};

/**
 * One key per address (CaselessAddresses1763700002810): the members' `email_normalized`
 * (one entry per address) and `email_canonical` (no referring oneself) were written under the
 * former rule (JavaScript's trim and lower case); they are re-keyed with the frozen rule of that
 * migration where it changes them (never for an ASCII address). The projection writes both with
 * normaliseEmail from now on, so a replay gives the same.
 *
 * Two members whose addresses were two under the former rule and are one under the new (`ｍａｒｉａ@`
 * and `maria@`): the first to be re-keyed takes the key, the other is left under its old one and
 * logged by its id, for staff to look at (one entry per address is the rule from now on).
 */
export class CaselessAddresses1763700002811 implements MigrationInterface {
  name = 'CaselessAddresses1763700002811';

  async up(q: QueryRunner): Promise<void> {
    // text: NFKC may lengthen an address past the 254 characters of the address itself.
    await q.query(`ALTER TABLE waitlist_entries ALTER COLUMN email_normalized TYPE text, ALTER COLUMN email_canonical TYPE text`);
    await rekeyAddresses(q, { table: 'waitlist_entries', key: 'id', keyType: 'uuid', column: 'email_normalized', source: 'email', unique: true });
    await rekeyAddresses(q, { table: 'waitlist_entries', key: 'id', keyType: 'uuid', column: 'email_canonical', source: 'email', keyOf: mailbox1763700002811 });
  }

  async down(q: QueryRunner): Promise<void> {
    // The keys stay: the former rule read them the same for every ASCII address, and a replay writes them again.
    await q.query(`ALTER TABLE waitlist_entries ALTER COLUMN email_normalized TYPE varchar(254), ALTER COLUMN email_canonical TYPE varchar(254)`);
  }
}
