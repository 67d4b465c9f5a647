import { Logger } from '@nestjs/common';
import { QueryRunner } from 'typeorm';

/**
 * The address rule of the migrations 176370000281x (one key per address): a frozen copy of normaliseEmail
 * (libs/platform/src/mail/email-address.ts) as it was when they were written. A migration keeps
 * doing what it did: if the rule changes again, that change brings its own copy and its own
 * migrations, and this one stays as it is.
 *
 * NFKC, trimmed, lower-cased by Unicode's default mapping, every final sigma ς folded to σ.
 */
export function caselessAddress1763700002810(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase().replace(/ς/g, 'σ');
}

/**
 * The same rule in SQL, for text of printable ASCII only (`asciiOnly`): there NFKC changes
 * nothing, the only white space is the space and there is no ς, so the rule is trimming spaces
 * and lower-casing A-Z (COLLATE "C": ASCII letters only, whatever the database's collation).
 * One statement fills the ASCII addresses, nearly all of them, at the speed of an UPDATE; the
 * frozen copy in TypeScript does the rest.
 */
export const caselessAsciiSql1763700002810 = (text: string) => `lower(btrim(${text}, ' ') COLLATE "C")`;
const asciiOnly = (text: string) => `${text} !~ '[^ -~]'`;
const notAsciiOnly = (text: string) => `${text} ~ '[^ -~]'`;

interface Table {
  table: string;
  /** The primary key, walked in order, a batch at a time, and its SQL type. */
  key: string;
  keyType: 'uuid' | 'bigint';
}

/** One column written from another: `column` := the rule applied to `source` (an SQL expression; NULL stays NULL). */
interface Column {
  column: string;
  source: string;
}

/**
 * Fills columns just added (NULL) with the rule's form of their source addresses: the ASCII ones
 * in one statement each, the others with the frozen copy, a batch of rows at a time.
 */
export async function fillAddressKeys(q: QueryRunner, spec: Table & { columns: Column[] }): Promise<void> {
  for (const { column, source } of spec.columns) {
    await q.query(`UPDATE ${spec.table} SET ${column} = ${caselessAsciiSql1763700002810(source)} WHERE ${asciiOnly(source)}`);
  }
  const candidates = spec.columns.map((c) => notAsciiOnly(c.source)).join(' OR ');
  await walk(
    q,
    spec,
    spec.columns.map((c) => ({ ...c, keyOf: (address: string) => address })),
    candidates,
    async (updates) => {
      await updateMany(
        q,
        spec,
        spec.columns.map((c) => c.column),
        updates,
      );
    },
  );
}

/**
 * Re-keys a column written under the former rule (JavaScript's trim and lower case, or Postgres's
 * lower() for what 1763700002100 moved): where the frozen rule gives another value. Only an
 * address or a key with something outside printable ASCII can differ (an ASCII address comes out
 * the same under both rules), so only those rows are read. `keyOf` makes the stored value from the
 * address (a subject id, a mailbox).
 *
 * `unique`: the column is under a unique constraint. Each change is written alone, only when no
 * other row holds the new value; a row whose new value is taken is left as it was and logged (by
 * its key, never the address) for staff to look at.
 */
export async function rekeyAddresses(
  q: QueryRunner,
  spec: Table & Column & { keyOf?: (address: string) => string; where?: string; unique?: boolean },
): Promise<number> {
  const column = { column: spec.column, source: spec.source, keyOf: spec.keyOf ?? ((address: string) => address) };
  const candidates = `(${spec.where ?? 'true'}) AND (${notAsciiOnly(spec.source)} OR ${notAsciiOnly(spec.column)})`;
  const changes: Update[] = [];
  let changed = 0;
  await walk(q, spec, [column], candidates, async (updates) => {
    if (spec.unique) {
      changes.push(...updates);
    } else {
      await updateMany(q, spec, [spec.column], updates);
      changed += updates.length;
    }
  });
  return spec.unique ? rekeyUnique(q, spec, changes) : changed;
}

type Update = { key: string; values: (string | null)[] };

const BATCH = 5000;

/** Reads the rows `where` holds, by primary key, a batch at a time, and hands on those whose values the rule changes. */
async function walk(
  q: QueryRunner,
  { table, key, keyType }: Table,
  columns: (Column & { keyOf: (address: string) => string })[],
  where: string,
  write: (updates: Update[]) => Promise<void>,
): Promise<void> {
  const select = columns.map((c, i) => `${c.source} AS s${i}, ${c.column} AS c${i}`).join(', ');
  let after: string | null = null;
  for (;;) {
    const rows: Record<string, string | null>[] = await q.query(
      `SELECT ${key}::text AS k, ${select} FROM ${table}
       WHERE (${where}) AND ($1::${keyType} IS NULL OR ${key} > $1::${keyType}) ORDER BY ${key} LIMIT ${BATCH}`,
      [after],
    );
    if (rows.length === 0) return;
    after = rows[rows.length - 1].k;
    const updates = rows.flatMap((row) => {
      const values = columns.map((c, i) => {
        const source = row[`s${i}`];
        return source === null ? null : c.keyOf(caselessAddress1763700002810(source));
      });
      return values.some((value, i) => value !== row[`c${i}`]) ? [{ key: row.k!, values }] : [];
    });
    if (updates.length > 0) await write(updates);
    if (rows.length < BATCH) return;
  }
}

async function updateMany(q: QueryRunner, { table, key, keyType }: Table, columns: string[], updates: Update[]): Promise<void> {
  await q.query(
    `UPDATE ${table} t SET ${columns.map((c, i) => `${c} = v.c${i}`).join(', ')}
     FROM unnest($1::${keyType}[], ${columns.map((_, i) => `$${i + 2}::text[]`).join(', ')}) AS v(k, ${columns.map((_, i) => `c${i}`).join(', ')})
     WHERE t.${key} = v.k`,
    [updates.map((u) => u.key), ...columns.map((_, i) => updates.map((u) => u.values[i]))],
  );
}

/**
 * The changes of a unique column, one at a time, each only while no other row holds its value.
 * Passes repeat while they make progress (a row may free the value another one moves to).
 */
async function rekeyUnique(q: QueryRunner, { table, key, keyType, column }: Table & Column, changes: Update[]): Promise<number> {
  let left = changes;
  let changed = 0;
  for (;;) {
    const stuck: Update[] = [];
    for (const change of left) {
      const [, count] = await q.query(
        `UPDATE ${table} SET ${column} = $2 WHERE ${key} = $1::${keyType}
         AND NOT EXISTS (SELECT 1 FROM ${table} WHERE ${column} = $2 AND ${key} <> $1::${keyType})`,
        [change.key, change.values[0]],
      );
      if (count > 0) changed++;
      else stuck.push(change);
    }
    if (stuck.length === 0 || stuck.length === left.length) {
      for (const change of stuck) {
        new Logger('Migrations').warn(
          `${table} ${change.key}: its address's new key (one key per address, NFKC and lower case) is another row's; left under the old one. Staff should look at both rows (${column}) and keep one.`,
        );
      }
      return changed;
    }
    left = stuck;
  }
}
