import { MigrationInterface, QueryRunner } from 'typeorm';

/** The three states in the order stateOf decides them (admitted, else confirmed, else unconfirmed), and the held referral beside them. */
const COUNTED = `
  CASE WHEN admitted_at IS NOT NULL THEN 'admitted' WHEN confirmed_at IS NOT NULL THEN 'confirmed' ELSE 'unconfirmed' END`;
const FLAGGED = `referral_status = 'flagged' AND referral_review IS NULL`;

/**
 * What staff ask of the list stays fast at a million members:
 * - Each state, and a held referral, kept counted beside the list's size in waitlist_counter: one
 *   row, already written by every join, updated once per statement (not per row) by triggers on
 *   waitlist_entries, whatever writes it (a join, a confirmation, an admission, an import, an
 *   erasure, a replay).
 * - Each status filter's members in position order, in a partial index of their own: a filter's
 *   first page reads 51 index entries, not every member.
 * - Substring search on name and address through trigram indexes, over the same
 *   accent-free lower-case text the search compares (search_text: unaccent with its dictionary
 *   named, which Postgres can index).
 */
export class StaffReadsAtScale1763700004000 implements MigrationInterface {
  name = 'StaffReadsAtScale1763700004000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`CREATE EXTENSION IF NOT EXISTS unaccent`);
    await q.query(
      `CREATE FUNCTION search_text(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
         AS $$ SELECT lower(unaccent('unaccent'::regdictionary, $1)) $$`,
    );
    await q.query(`CREATE INDEX waitlist_entries_name_search ON waitlist_entries USING gin (search_text(first_name) gin_trgm_ops)`);
    await q.query(`CREATE INDEX waitlist_entries_address_search ON waitlist_entries USING gin (search_text(email_normalized) gin_trgm_ops)`);
    await q.query(
      `CREATE INDEX waitlist_entries_unconfirmed_in_order ON waitlist_entries (rank_key, signup_number) WHERE admitted_at IS NULL AND confirmed_at IS NULL`,
    );
    await q.query(
      `CREATE INDEX waitlist_entries_confirmed_in_order ON waitlist_entries (rank_key, signup_number) WHERE admitted_at IS NULL AND confirmed_at IS NOT NULL`,
    );
    await q.query(`CREATE INDEX waitlist_entries_admitted_in_order ON waitlist_entries (rank_key, signup_number) WHERE admitted_at IS NOT NULL`);
    await q.query(`CREATE INDEX waitlist_entries_flagged_in_order ON waitlist_entries (rank_key, signup_number) WHERE ${FLAGGED}`);

    await q.query(
      `ALTER TABLE waitlist_counter ADD COLUMN unconfirmed_count int NOT NULL DEFAULT 0, ADD COLUMN confirmed_count int NOT NULL DEFAULT 0,
         ADD COLUMN admitted_count int NOT NULL DEFAULT 0, ADD COLUMN flagged_count int NOT NULL DEFAULT 0`,
    );
    // Each statement's change, summed from its transition tables and added in one upsert (the row may
    // not exist yet: a replay truncates it); a statement that changes no count does not touch the row.
    const changes = (rows: string) => `SELECT ${COUNTED} AS state, ${FLAGGED} AS flagged, n FROM (${rows}) r`;
    const sums = `coalesce(sum(n) FILTER (WHERE state = 'unconfirmed'), 0), coalesce(sum(n) FILTER (WHERE state = 'confirmed'), 0),
                  coalesce(sum(n) FILTER (WHERE state = 'admitted'), 0), coalesce(sum(n) FILTER (WHERE flagged), 0)`;
    await q.query(`
      CREATE FUNCTION waitlist_count_states() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        added_unconfirmed int; added_confirmed int; added_admitted int; added_flagged int;
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          UPDATE waitlist_counter SET unconfirmed_count = 0, confirmed_count = 0, admitted_count = 0, flagged_count = 0;
          RETURN NULL;
        ELSIF TG_OP = 'INSERT' THEN
          SELECT ${sums} INTO added_unconfirmed, added_confirmed, added_admitted, added_flagged FROM (${changes('SELECT *, 1 AS n FROM new_rows')}) c;
        ELSIF TG_OP = 'UPDATE' THEN
          SELECT ${sums} INTO added_unconfirmed, added_confirmed, added_admitted, added_flagged
            FROM (${changes('SELECT *, 1 AS n FROM new_rows UNION ALL SELECT *, -1 AS n FROM old_rows')}) c;
        ELSE
          SELECT ${sums} INTO added_unconfirmed, added_confirmed, added_admitted, added_flagged FROM (${changes('SELECT *, -1 AS n FROM old_rows')}) c;
        END IF;
        IF (added_unconfirmed, added_confirmed, added_admitted, added_flagged) <> (0, 0, 0, 0) THEN
          INSERT INTO waitlist_counter AS w (id, last_signup_number, unconfirmed_count, confirmed_count, admitted_count, flagged_count)
            VALUES (1, 0, added_unconfirmed, added_confirmed, added_admitted, added_flagged)
            ON CONFLICT (id) DO UPDATE SET unconfirmed_count = w.unconfirmed_count + excluded.unconfirmed_count,
              confirmed_count = w.confirmed_count + excluded.confirmed_count, admitted_count = w.admitted_count + excluded.admitted_count,
              flagged_count = w.flagged_count + excluded.flagged_count;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(
      `CREATE TRIGGER waitlist_count_inserted AFTER INSERT ON waitlist_entries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION waitlist_count_states()`,
    );
    await q.query(
      `CREATE TRIGGER waitlist_count_updated AFTER UPDATE ON waitlist_entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
         FOR EACH STATEMENT EXECUTE FUNCTION waitlist_count_states()`,
    );
    await q.query(
      `CREATE TRIGGER waitlist_count_deleted AFTER DELETE ON waitlist_entries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION waitlist_count_states()`,
    );
    await q.query(`CREATE TRIGGER waitlist_count_truncated AFTER TRUNCATE ON waitlist_entries FOR EACH STATEMENT EXECUTE FUNCTION waitlist_count_states()`);
    // The counts of the members already here, taken while no one can write them.
    await q.query(`LOCK TABLE waitlist_entries IN SHARE MODE`);
    await q.query(
      `INSERT INTO waitlist_counter AS c (id, last_signup_number, unconfirmed_count, confirmed_count, admitted_count, flagged_count)
         SELECT 1, 0, count(*) FILTER (WHERE ${COUNTED} = 'unconfirmed'), count(*) FILTER (WHERE ${COUNTED} = 'confirmed'),
                count(*) FILTER (WHERE ${COUNTED} = 'admitted'), count(*) FILTER (WHERE ${FLAGGED})
           FROM waitlist_entries
         -- No members, no row: the first join writes it, as before (and a replay of an empty log leaves none).
         HAVING count(*) > 0
       ON CONFLICT (id) DO UPDATE SET unconfirmed_count = excluded.unconfirmed_count, confirmed_count = excluded.confirmed_count,
              admitted_count = excluded.admitted_count, flagged_count = excluded.flagged_count`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const trigger of ['inserted', 'updated', 'deleted', 'truncated']) await q.query(`DROP TRIGGER waitlist_count_${trigger} ON waitlist_entries`);
    await q.query(`DROP FUNCTION waitlist_count_states()`);
    await q.query(
      `ALTER TABLE waitlist_counter DROP COLUMN unconfirmed_count, DROP COLUMN confirmed_count, DROP COLUMN admitted_count, DROP COLUMN flagged_count`,
    );
    for (const index of ['name_search', 'address_search', 'unconfirmed_in_order', 'confirmed_in_order', 'admitted_in_order', 'flagged_in_order'])
      await q.query(`DROP INDEX waitlist_entries_${index}`);
    await q.query(`DROP FUNCTION search_text(text)`);
  }
}
