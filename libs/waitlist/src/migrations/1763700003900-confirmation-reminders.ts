import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The one reminder to confirm. `confirmation_sent_at`: when the member's first confirmation link
 * went (null: their join sent none, a booth sign-up or an import staff chose not to welcome);
 * `waitlist_confirmation_reminders`: one row a reminded member, its primary key the guarantee
 * that nobody is reminded twice. Existing members get the time of their join's welcome from the
 * log; the pass reminds only members whose link went within the last 14 days (see the README).
 */
export class ConfirmationReminders1763700003900 implements MigrationInterface {
  name = 'ConfirmationReminders1763700003900';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE waitlist_entries ADD COLUMN confirmation_sent_at timestamptz`);
    await q.query(
      `UPDATE waitlist_entries e SET confirmation_sent_at = j.occurred_at
       FROM domain_events j
       WHERE j.stream_type = 'waitlist-entry' AND j.stream_id = e.id::text AND j.type = 'waitlist.joined'
         AND NOT (j.payload->>'source' = 'hbf' OR (j.payload->>'source' = 'import' AND coalesce((j.payload->>'welcome')::boolean, false) = false))`,
    );
    // The reminder pass's search: unconfirmed members by when their link went.
    await q.query(
      `CREATE INDEX waitlist_entries_unconfirmed_by_link ON waitlist_entries (confirmation_sent_at) WHERE confirmed_at IS NULL AND admitted_at IS NULL`,
    );
    await q.query(`CREATE TABLE waitlist_confirmation_reminders (entry_id uuid PRIMARY KEY, reminded_at timestamptz NOT NULL)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE waitlist_confirmation_reminders`);
    await q.query(`DROP INDEX waitlist_entries_unconfirmed_by_link`);
    await q.query(`ALTER TABLE waitlist_entries DROP COLUMN confirmation_sent_at`);
  }
}
