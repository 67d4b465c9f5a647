import { MigrationInterface, QueryRunner } from 'typeorm';

/** Members whose address is on the suppression list as unsubscribed, among a set of member rows. */
const UNSUBSCRIBED_AMONG = (rows: string) =>
  `SELECT count(*) FROM ${rows} r WHERE EXISTS (SELECT 1 FROM mail_suppressions s WHERE s.address_hash = r.address_hash AND s.reason = 'unsubscribed')`;
/** Members with the address of a set of suppression rows, for those that say unsubscribed. */
const MEMBERS_OF = (rows: string) =>
  `SELECT count(*) FROM ${rows} s JOIN waitlist_entries e ON e.address_hash = s.address_hash WHERE s.reason = 'unsubscribed'`;

/**
 * A statement trigger's function that adds its change to the unsubscribed count: `countOf(rows)`
 * counted over the statement's new rows less its old ones, after locking the counter row (see below);
 * `skip` returns early for statements that cannot change the count.
 */
const countingFunction = (name: string, countOf: (rows: string) => string, skip = '') => `
      CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        added int;
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          UPDATE waitlist_counter SET unsubscribed_count = 0;
          RETURN NULL;
        END IF;
        ${skip}
        PERFORM 1 FROM waitlist_counter WHERE id = 1 FOR UPDATE;
        IF TG_OP = 'INSERT' THEN
          added := (${countOf('new_rows')});
        ELSIF TG_OP = 'UPDATE' THEN
          added := (${countOf('new_rows')}) - (${countOf('old_rows')});
        ELSE
          added := -(${countOf('old_rows')});
        END IF;
        IF added <> 0 THEN
          UPDATE waitlist_counter SET unsubscribed_count = unsubscribed_count + added WHERE id = 1;
        END IF;
        RETURN NULL;
      END $$`;

/**
 * The unsubscribed filter's size kept beside the states in waitlist_counter, so staff's counts read
 * one row at a million members. A member is unsubscribed when their address hash is on the
 * suppression list as 'unsubscribed', so the count changes from either side: a member joining,
 * erased or re-keyed (triggers on waitlist_entries), or an address unsubscribing, resubscribing or
 * bouncing after it unsubscribed (triggers on mail_suppressions).
 *
 * Both sides lock the counter row before they count the other side. A join and an unsubscribe of
 * the same address at once then count their pair exactly once: whichever takes the lock second
 * counts with a fresh snapshot and sees the other's committed row; the first cannot see it.
 */
export class UnsubscribedCounted1763700004010 implements MigrationInterface {
  name = 'UnsubscribedCounted1763700004010';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE waitlist_counter ADD COLUMN unsubscribed_count int NOT NULL DEFAULT 0`);
    // Most updates of the list (a confirmation, a credit) keep every address: they change nothing here.
    const addressesKept = `IF TG_OP = 'UPDATE' THEN
          IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o USING (id) WHERE n.address_hash IS DISTINCT FROM o.address_hash) THEN
            RETURN NULL;
          END IF;
        END IF;`;
    await q.query(countingFunction('waitlist_count_unsubscribed_members', UNSUBSCRIBED_AMONG, addressesKept));
    await q.query(countingFunction('waitlist_count_unsubscribed_addresses', MEMBERS_OF));
    for (const [table, fn] of [
      ['waitlist_entries', 'waitlist_count_unsubscribed_members'],
      ['mail_suppressions', 'waitlist_count_unsubscribed_addresses'],
    ]) {
      const prefix = table === 'waitlist_entries' ? 'waitlist_unsubscribed_members' : 'waitlist_unsubscribed_addresses';
      await q.query(`CREATE TRIGGER ${prefix}_inserted AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`);
      await q.query(
        `CREATE TRIGGER ${prefix}_updated AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
      );
      await q.query(`CREATE TRIGGER ${prefix}_deleted AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`);
      await q.query(`CREATE TRIGGER ${prefix}_truncated AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`);
    }
    // The members unsubscribed already, counted while neither side can be written.
    await q.query(`LOCK TABLE waitlist_entries, mail_suppressions IN SHARE MODE`);
    await q.query(`UPDATE waitlist_counter SET unsubscribed_count = (${MEMBERS_OF('mail_suppressions')}) WHERE id = 1`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const [table, prefix] of [
      ['waitlist_entries', 'waitlist_unsubscribed_members'],
      ['mail_suppressions', 'waitlist_unsubscribed_addresses'],
    ])
      for (const trigger of ['inserted', 'updated', 'deleted', 'truncated']) await q.query(`DROP TRIGGER ${prefix}_${trigger} ON ${table}`);
    await q.query(`DROP FUNCTION waitlist_count_unsubscribed_members()`);
    await q.query(`DROP FUNCTION waitlist_count_unsubscribed_addresses()`);
    await q.query(`ALTER TABLE waitlist_counter DROP COLUMN unsubscribed_count`);
  }
}
