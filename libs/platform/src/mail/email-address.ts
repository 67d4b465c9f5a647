/**
 * An address as we compare it: the one key under which everything about a person is filed and
 * found (uniqueness on the waitlist, sign-in, erasure and export, the suppression list's hash,
 * rate-limit keys). Every table that keeps an address keeps this form beside it, written by
 * TypeScript (a projection from the event, or the mail service): nothing compares an address
 * with Postgres's `lower()`, whose Unicode case mapping depends on the database's collation and
 * differs from JavaScript's (`İ`, `Σ`).
 *
 * The rule, in order:
 * 1. Unicode NFKC: compatibility forms become their plain letters (full-width `ｍａｒｉａ` is
 *    `maria`, `ﬁ` is `fi`), and composed and decomposed accents compare equal;
 * 2. trimmed of white space at both ends;
 * 3. lower-cased by Unicode's default, locale-independent mapping (`toLowerCase`): `İ` becomes
 *    `i̇` (i and a combining dot), `ẞ` becomes `ß`; the dotless `ı` stays `ı` and `I` becomes `i`, so
 *    `ılgaz` and `ilgaz` are two addresses; `ß` is not `ss`;
 * 4. every final sigma `ς` folded to `σ`, so that a Greek word matches whatever its position
 *    (JavaScript lower-cases a `Σ` before `@` to `ς`, one before `.x` to `σ`).
 *
 * Normalising twice changes nothing. Changing this rule re-keys stored data: a migration must
 * fill every normalised column and `personal_data` subject again, with a frozen copy of the new
 * rule (see libs/platform/src/database/migrations/caseless-addresses.ts).
 */
export function normaliseEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase().replace(/ς/g, 'σ');
}
