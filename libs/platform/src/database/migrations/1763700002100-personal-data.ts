import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Forgettable payloads (libs/platform/src/events/personal-data.ts): personal fields live in
 * `personal_data`, beside the log, under a subject id that an erasure deletes. The events stored
 * before move their personal fields there: the one rewrite of old rows the append-only rule
 * allows, for personal data (the business facts stay as they were). The rules are written out
 * as they stood when this ran; later event types declare theirs in code.
 */
const MOVED: { type: string; fields: string[]; subject: string }[] = [
  { type: 'waitlist.joined', fields: ['firstName', 'email'], subject: `'email:' || lower(trim(payload->>'email'))` },
  { type: 'shot.claimed', fields: ['firstName', 'email'], subject: `'email:' || lower(trim(payload->>'email'))` },
  { type: 'shot.waitlist-joined', fields: ['firstName', 'email'], subject: `'email:' || lower(trim(payload->>'email'))` },
  { type: 'contact.submitted', fields: ['firstName', 'email', 'subject', 'message'], subject: `'email:' || lower(trim(payload->>'email'))` },
  { type: 'early-access.code-created', fields: ['firstName', 'email'], subject: `'email:' || lower(trim(payload->>'email'))` },
  { type: 'chat.message-posted', fields: ['content'], subject: `'chat:' || (payload->>'kind') || ':' || (payload->>'shotCode')` },
];

export class PersonalData1763700002100 implements MigrationInterface {
  name = 'PersonalData1763700002100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE personal_data (
        event_id uuid PRIMARY KEY,
        subject varchar(320) NOT NULL,
        fields jsonb NOT NULL
      )`);
    await q.query(`CREATE INDEX personal_data_subject ON personal_data (subject)`);
    // An erasure finds a person's emails by address (in well under a second at millions of rows).
    await q.query(`CREATE INDEX mail_log_to_address_lower ON mail_log (lower(to_address))`);
    await q.query(`CREATE INDEX mail_log_reply_to_lower ON mail_log (lower(reply_to)) WHERE reply_to IS NOT NULL`);
    await q.query(`ALTER TABLE domain_events DISABLE TRIGGER domain_events_no_update`);
    for (const { type, fields, subject } of MOVED) {
      const picked = fields.map((f) => `'${f}', payload->'${f}'`).join(', ');
      await q.query(
        `INSERT INTO personal_data (event_id, subject, fields)
         SELECT id, ${subject}, jsonb_build_object(${picked}) FROM domain_events WHERE type = $1`,
        [type],
      );
      await q.query(`UPDATE domain_events SET payload = payload - $2::text[] WHERE type = $1`, [type, fields]);
    }
    await q.query(`ALTER TABLE domain_events ENABLE TRIGGER domain_events_no_update`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE domain_events DISABLE TRIGGER domain_events_no_update`);
    await q.query(`UPDATE domain_events e SET payload = e.payload || p.fields FROM personal_data p WHERE p.event_id = e.id`);
    await q.query(`ALTER TABLE domain_events ENABLE TRIGGER domain_events_no_update`);
    await q.query(`DROP INDEX mail_log_reply_to_lower`);
    await q.query(`DROP INDEX mail_log_to_address_lower`);
    await q.query(`DROP TABLE personal_data`);
  }
}
