import { Client } from 'pg';
import { createTestDatabase } from './utils/database';

/**
 * Staff's status counts are kept in waitlist_counter by triggers on waitlist_entries, not counted
 * on each read. Whatever writes the rows (a join's insert, a bulk import, an admission of many in
 * one statement, a referral held and reviewed, an erasure, a replay's truncate), the kept counts
 * must equal a recount.
 */
describe('The waitlist status counts kept beside the list (real Postgres)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let pg: Client;

  beforeAll(async () => {
    db = await createTestDatabase();
    pg = new Client({ connectionString: db.url });
    await pg.connect();
  });

  afterAll(async () => {
    await pg?.end();
    await db?.drop();
  });

  const kept = async () =>
    (
      await pg.query(
        `SELECT unconfirmed_count AS unconfirmed, confirmed_count AS confirmed, admitted_count AS admitted, flagged_count AS flagged
           FROM waitlist_counter WHERE id = 1`,
      )
    ).rows[0] ?? { unconfirmed: 0, confirmed: 0, admitted: 0, flagged: 0 };
  const recounted = async () =>
    (
      await pg.query(
        `SELECT count(*) FILTER (WHERE admitted_at IS NULL AND confirmed_at IS NULL)::int AS unconfirmed,
                count(*) FILTER (WHERE admitted_at IS NULL AND confirmed_at IS NOT NULL)::int AS confirmed,
                count(*) FILTER (WHERE admitted_at IS NOT NULL)::int AS admitted,
                count(*) FILTER (WHERE referral_status = 'flagged' AND referral_review IS NULL)::int AS flagged
           FROM waitlist_entries`,
      )
    ).rows[0];
  const insertMembers = (from: number, to: number) =>
    pg.query(
      `INSERT INTO waitlist_entries (id, signup_number, first_name, email, email_normalized, email_canonical, referral_code, source, rank_key, created_at)
       SELECT gen_random_uuid(), n, 'Member' || n, 'c' || n || '@counts.test', 'c' || n || '@counts.test', 'c' || n || '@counts.test',
              'C' || upper(lpad(to_hex(n), 7, '0')), 'landing', n * 2, now()
       FROM generate_series($1::int, $2::int) AS n`,
      [from, to],
    );

  it('equals a recount after inserts, updates of many rows at once, one at a time, deletes and a truncate', async () => {
    await insertMembers(1, 300);
    expect(await kept()).toEqual(await recounted());
    expect((await kept()).unconfirmed).toBe(300);

    // Confirmations one by one and in bulk; an admission of many in one statement.
    await pg.query('UPDATE waitlist_entries SET confirmed_at = now() WHERE signup_number = 1');
    await pg.query('UPDATE waitlist_entries SET confirmed_at = now() WHERE signup_number BETWEEN 2 AND 200');
    await pg.query('UPDATE waitlist_entries SET admitted_at = now() WHERE signup_number BETWEEN 150 AND 180');
    // A referral held, another held then reviewed, and an update that changes no count.
    await pg.query(`UPDATE waitlist_entries SET referral_status = 'flagged' WHERE signup_number IN (5, 6, 250)`);
    await pg.query(`UPDATE waitlist_entries SET referral_review = 'credit' WHERE signup_number = 6`);
    await pg.query('UPDATE waitlist_entries SET referral_credits = referral_credits + 1 WHERE signup_number = 7');
    expect(await kept()).toEqual(await recounted());
    expect(await kept()).toEqual({ unconfirmed: 100, confirmed: 169, admitted: 31, flagged: 2 });

    // Erasure deletes a member; some statements delete several.
    await pg.query('DELETE FROM waitlist_entries WHERE signup_number IN (5, 160, 299)');
    await pg.query('DELETE FROM waitlist_entries WHERE signup_number BETWEEN 190 AND 195');
    expect(await kept()).toEqual(await recounted());

    // A replay empties the projection and writes it again.
    await pg.query('TRUNCATE waitlist_entries, waitlist_counter CASCADE');
    expect(await kept()).toEqual({ unconfirmed: 0, confirmed: 0, admitted: 0, flagged: 0 });
    await insertMembers(1, 40);
    await pg.query('UPDATE waitlist_entries SET confirmed_at = now() WHERE signup_number <= 10');
    expect(await kept()).toEqual(await recounted());
    expect(await kept()).toEqual({ unconfirmed: 30, confirmed: 10, admitted: 0, flagged: 0 });
  });

  it('finds a substring of a name or an address through the trigram indexes, without accents', async () => {
    await pg.query(`UPDATE waitlist_entries SET first_name = 'Renée' WHERE signup_number = 3`);
    // Enough members that reading all of them costs more than the index.
    await insertMembers(41, 20_000);
    await pg.query('ANALYZE waitlist_entries');
    const found = await pg.query(`SELECT signup_number FROM waitlist_entries WHERE search_text(first_name) LIKE search_text('%RENEE%')`);
    expect(found.rows).toEqual([{ signup_number: 3 }]);
    const plan = (await pg.query(`EXPLAIN SELECT 1 FROM waitlist_entries WHERE search_text(email_normalized) LIKE search_text('%c12345@%')`)).rows
      .map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).toMatch(/waitlist_entries_address_search/);
  });

  const unsubscribedKept = async () => (await pg.query('SELECT unsubscribed_count AS n FROM waitlist_counter WHERE id = 1')).rows[0].n;
  const unsubscribedRecounted = async () =>
    (
      await pg.query(
        `SELECT count(*)::int AS n FROM waitlist_entries e
          WHERE EXISTS (SELECT 1 FROM mail_suppressions s WHERE s.address_hash = e.address_hash AND s.reason = 'unsubscribed')`,
      )
    ).rows[0].n;
  const suppress = (hashes: string[], reason = 'unsubscribed') =>
    pg.query(
      `INSERT INTO mail_suppressions (address_hash, reason) SELECT unnest($1::varchar[]), $2
       ON CONFLICT (address_hash) DO UPDATE SET reason = EXCLUDED.reason WHERE mail_suppressions.reason = 'unsubscribed' AND EXCLUDED.reason <> 'unsubscribed'`,
      [hashes, reason],
    );

  it('keeps the unsubscribed count from both sides: members joining, erased or re-keyed, addresses unsubscribing, resubscribing or bouncing', async () => {
    await pg.query('TRUNCATE waitlist_entries, waitlist_counter, mail_suppressions CASCADE');
    await insertMembers(1, 100);
    await pg.query(`UPDATE waitlist_entries SET address_hash = 'hash-' || signup_number`);
    // Unsubscribes of members, one at a time and several at once, and of addresses no member has.
    await suppress(['hash-1']);
    await suppress(['hash-2', 'hash-3', 'hash-4', 'hash-5', 'nobody-1']);
    expect(await unsubscribedKept()).toBe(5);
    // A bounce before any unsubscribe, and a bounce after one (it outranks it: no longer unsubscribed).
    await suppress(['hash-6'], 'bounced');
    await suppress(['hash-2'], 'bounced');
    expect(await unsubscribedKept()).toBe(4);
    // Resubscribing, and unsubscribing twice.
    await pg.query(`DELETE FROM mail_suppressions WHERE address_hash = 'hash-3' AND reason = 'unsubscribed'`);
    await suppress(['hash-4']);
    expect(await unsubscribedKept()).toBe(3);
    // A member joining with an address that had unsubscribed, one erased, one whose address was re-keyed.
    await pg.query(
      `INSERT INTO waitlist_entries (id, signup_number, first_name, email, email_normalized, email_canonical, referral_code, source, rank_key, created_at, address_hash)
       VALUES (gen_random_uuid(), 101, 'Back', 'back@counts.test', 'back@counts.test', 'back@counts.test', 'CBACK01', 'landing', 202, now(), 'nobody-1')`,
    );
    await pg.query('DELETE FROM waitlist_entries WHERE signup_number = 1');
    await pg.query(`UPDATE waitlist_entries SET address_hash = 'hash-4-rekeyed' WHERE signup_number = 4`);
    await pg.query(`UPDATE waitlist_entries SET address_hash = 'hash-2' WHERE signup_number = 50`);
    // Updates that keep every address change nothing.
    await pg.query('UPDATE waitlist_entries SET confirmed_at = now() WHERE signup_number <= 60');
    expect(await unsubscribedKept()).toBe(await unsubscribedRecounted());
    expect(await unsubscribedKept()).toBe(2);
    // A replay empties the list and writes it again; the suppression list stays.
    await pg.query('TRUNCATE waitlist_entries, waitlist_counter CASCADE');
    await insertMembers(1, 10);
    await pg.query(`UPDATE waitlist_entries SET address_hash = 'hash-' || signup_number`);
    expect(await unsubscribedKept()).toBe(await unsubscribedRecounted());
    expect(await unsubscribedKept()).toBe(3);
  });

  it('counts a join and an unsubscribe of the same address at once exactly once', async () => {
    await pg.query('TRUNCATE waitlist_entries, waitlist_counter, mail_suppressions CASCADE');
    await insertMembers(1, 10);
    const clients = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const client = new Client({ connectionString: db.url });
        await client.connect();
        return client;
      }),
    );
    try {
      // Each pair: a join as the sign-up path makes it (the counter locked for its number, then the
      // row), and an unsubscribe of its address, in two transactions racing each other.
      const join = async (client: Client, n: number) => {
        await client.query('BEGIN');
        await client.query('UPDATE waitlist_counter SET last_signup_number = last_signup_number + 1 WHERE id = 1');
        await client.query(
          `INSERT INTO waitlist_entries (id, signup_number, first_name, email, email_normalized, email_canonical, referral_code, source, rank_key, created_at, address_hash)
           VALUES (gen_random_uuid(), $1, 'Racer', $2::varchar, $2::varchar, $2::varchar, $3, 'landing', $1 * 2, now(), $4)`,
          [n, `r${n}@counts.test`, `CR${n}`, `race-${n}`],
        );
        await client.query('COMMIT');
      };
      const unsubscribe = async (client: Client, n: number) => {
        await client.query('BEGIN');
        await client.query(`INSERT INTO mail_suppressions (address_hash, reason) VALUES ($1, 'unsubscribed')`, [`race-${n}`]);
        await client.query('COMMIT');
      };
      for (let round = 0; round < 10; round++) {
        const numbers = [0, 1, 2, 3].map((i) => 100 + round * 4 + i);
        await Promise.all(numbers.flatMap((n, i) => [join(clients[i * 2], n), unsubscribe(clients[i * 2 + 1], n)]));
      }
      expect(await unsubscribedRecounted()).toBe(40);
      expect(await unsubscribedKept()).toBe(40);
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  });
});
