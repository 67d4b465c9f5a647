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
});
