import { MODULE_MIGRATIONS } from '@swishly/business-modules';
import { caselessAddress1763700002810, caselessAsciiSql1763700002810, dataSourceOptions } from '@swishly/platform';
import fc from 'fast-check';
import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTestDatabase } from './utils/database';

/**
 * Each module owns its migrations (libs/<module>/src/migrations); the platform applies them with
 * its own, in timestamp order. The ones split out of migrations that several modules once
 * shared must leave a database that ran the shared ones as it is: run again on a migrated
 * database, they change nothing.
 */
const SPLIT = [
  'WaitlistEntries1763700000101',
  'ContactSubmissions1763700000102',
  'DownloadTracking1763700000103',
  'MailLog1763700000201',
  'WaitlistReferrals1763700000202',
  'CreatorCodes1763700000301',
];

describe('migrations', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let dataSource: DataSource;
  const schema = () =>
    dataSource.query(`
      SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns WHERE table_schema = 'public'
      UNION ALL SELECT tablename, indexname, indexdef, '', '' FROM pg_indexes WHERE schemaname = 'public'
      UNION ALL SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid), '', '' FROM pg_constraint WHERE connamespace = 'public'::regnamespace
      ORDER BY 1, 2, 3`);

  beforeAll(async () => {
    db = await createTestDatabase();
    dataSource = await new DataSource(dataSourceOptions(db.url, 2, MODULE_MIGRATIONS)).initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await db?.drop();
  });

  /** Runs one migration's `up` or `down` on the test database. */
  const migrate = async (name: string, step: 'up' | 'down') => {
    const migration = dataSource.migrations.find((m) => m.name === name)!;
    const runner = dataSource.createQueryRunner();
    try {
      await migration[step](runner);
    } finally {
      await runner.release();
    }
  };

  it('applies the platform and every module in one history, ordered by timestamp', async () => {
    const names = dataSource.migrations.map((m) => m.name);
    expect(names).toEqual(
      expect.arrayContaining(['EventStore1763700000000', 'Admin1763700000300', 'ReliableDelivery1763700000400', 'BatchedJobs1763700000500', ...SPLIT]),
    );
    const applied = (await dataSource.query('SELECT name FROM migrations ORDER BY id')).map((r: { name: string }) => r.name);
    const timestamp = (name: string) => Number(name.slice(-13));
    expect(applied).toEqual([...names].sort((a, b) => timestamp(a!) - timestamp(b!)));
    expect(await dataSource.showMigrations()).toBe(false); // nothing pending
  });

  it('drops the IP addresses old events kept in their metadata, and the log stays append-only', async () => {
    const [old] = await dataSource.query(
      `INSERT INTO domain_events (id, stream_type, stream_id, version, type, payload, metadata)
       VALUES (gen_random_uuid(), 'probe', 'old-address', 1, 'probe.happened', '{}', '{"ip":"198.51.100.23","requestId":"r-1","actorType":"visitor"}')
       RETURNING id`,
    );
    const migration = dataSource.migrations.find((m) => m.name === 'EventAddressesDropped1763700001900')!;
    const runner = dataSource.createQueryRunner();
    try {
      await migration.up(runner);
    } finally {
      await runner.release();
    }
    const [row] = await dataSource.query('SELECT metadata FROM domain_events WHERE id = $1', [old.id]);
    expect(row.metadata).toEqual({ requestId: 'r-1', actorType: 'visitor' });
    await expect(dataSource.query(`UPDATE domain_events SET type = 'x' WHERE id = $1`, [old.id])).rejects.toThrow(/append-only/);
  });

  it('moves the personal fields of events stored before into personal_data, under their subjects', async () => {
    const run = (step: 'up' | 'down') => migrate('PersonalData1763700002100', step);
    await migrate('CaselessAddresses1763700002810', 'down'); // the indexes it replaced
    await run('down'); // back to events that kept their fields
    const [joined] = await dataSource.query(
      `INSERT INTO domain_events (id, stream_type, stream_id, version, type, payload, metadata)
       VALUES (gen_random_uuid(), 'waitlist-entry', gen_random_uuid()::text, 1, 'waitlist.joined',
               '{"entryId":"e-1","signupNumber":1,"firstName":"Old","email":" Old@Example.com","referralCode":"OLD123"}', '{}')
       RETURNING id`,
    );
    const [chat] = await dataSource.query(
      `INSERT INTO domain_events (id, stream_type, stream_id, version, type, payload, metadata)
       VALUES (gen_random_uuid(), 'chat', 'hbf:OLD1', 1, 'chat.message-posted',
               '{"messageId":"m-1","kind":"hbf","shotCode":"OLD1","sender":"user","content":"An old question"}', '{}')
       RETURNING id`,
    );
    await run('up');
    const payloads = await dataSource.query('SELECT id, payload FROM domain_events WHERE id = ANY($1) ORDER BY position', [[joined.id, chat.id]]);
    expect(payloads.map((r: { payload: object }) => r.payload)).toEqual([
      { entryId: 'e-1', signupNumber: 1, referralCode: 'OLD123' },
      { messageId: 'm-1', kind: 'hbf', shotCode: 'OLD1', sender: 'user' },
    ]);
    const kept = await dataSource.query('SELECT event_id, subject, fields FROM personal_data WHERE event_id = ANY($1) ORDER BY subject', [
      [joined.id, chat.id],
    ]);
    expect(kept).toEqual([
      { event_id: chat.id, subject: 'chat:hbf:OLD1', fields: { content: 'An old question' } },
      { event_id: joined.id, subject: 'email:old@example.com', fields: { firstName: 'Old', email: ' Old@Example.com' } },
    ]);
    await expect(dataSource.query(`UPDATE domain_events SET type = 'x' WHERE id = $1`, [joined.id])).rejects.toThrow(/append-only/);
    await migrate('CaselessAddresses1763700002810', 'up');
  });

  it("moves the role typed at a join into personal_data, beside the log; an erased member's just goes", async () => {
    await migrate('JoinRolePersonal1763700002820', 'down');
    const joined = async (role: string | null) => {
      const [event] = await dataSource.query(
        `INSERT INTO domain_events (id, stream_type, stream_id, version, type, payload, metadata)
         VALUES (gen_random_uuid(), 'waitlist-entry', gen_random_uuid()::text, 1, 'waitlist.joined', $1, '{}') RETURNING id`,
        [{ entryId: 'e-2', signupNumber: 2, referralCode: 'ROLE12', role }],
      );
      return event.id as string;
    };
    const kept = await joined('Coach of the Hawks U14');
    const erased = await joined('Scout for a rival club');
    await dataSource.query(`INSERT INTO personal_data (event_id, subject, fields) VALUES ($1, 'email:role@example.com', $2)`, [
      kept,
      { firstName: 'Rolf', email: 'role@example.com' },
    ]);
    await migrate('JoinRolePersonal1763700002820', 'up');
    const payloads = await dataSource.query('SELECT payload FROM domain_events WHERE id = ANY($1) ORDER BY position', [[kept, erased]]);
    expect(payloads.map((r: { payload: object }) => r.payload)).toEqual([
      { entryId: 'e-2', signupNumber: 2, referralCode: 'ROLE12' },
      { entryId: 'e-2', signupNumber: 2, referralCode: 'ROLE12' },
    ]);
    expect(await dataSource.query('SELECT event_id, fields FROM personal_data WHERE event_id = ANY($1)', [[kept, erased]])).toEqual([
      { event_id: kept, fields: { firstName: 'Rolf', email: 'role@example.com', role: 'Coach of the Hawks U14' } },
    ]);
    await expect(dataSource.query(`UPDATE domain_events SET type = 'x' WHERE id = $1`, [kept])).rejects.toThrow(/append-only/);
  });

  describe('one key per address', () => {
    const CASELESS = [
      'CaselessAddresses1763700002810',
      'CaselessAddresses1763700002811',
      'ShotRecordsCaseless1763700002812',
      'ContactSubmissionsCaseless1763700002813',
      'CaselessAddresses1763700002814',
    ];
    // People as the code before stored them: JavaScript's trim and lower case as keys
    // (Postgres's lower() for events moved by 1763700002100), the addresses as typed.
    const fullWidth = { email: 'ｍａｒｉａ.old@example.org', formerKey: 'ｍａｒｉａ.old@example.org', key: 'maria.old@example.org' };
    const greek = { email: 'ΣΟΦΟΣ.old@example.org', formerKey: 'σοφοσ.old@example.org', key: 'σοφοσ.old@example.org' };
    const greekFinal = { email: 'Old.ΣΟΦΟΣ@example.org', formerKey: 'old.σοφος@example.org', key: 'old.σοφοσ@example.org' };
    const turkish = { email: 'İlker.Old@Example.org', formerKey: 'ilker.old@example.org' /* Postgres's lower() */, key: 'i̇lker.old@example.org' };
    const ascii = { email: 'Plain.Old@Example.org', formerKey: 'plain.old@example.org', key: 'plain.old@example.org' };

    it('fills ASCII addresses in SQL exactly as the frozen rule does in TypeScript', async () => {
      const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 40 });
      const samples = [...fc.sample(printable, 2000), '  Pia.Q+Tag@Example.COM ', 'ISTANBUL@EXAMPLE.ORG', ' ', ''];
      const [{ keys }] = await dataSource.query(
        `SELECT array_agg(${caselessAsciiSql1763700002810('x')} ORDER BY i) AS keys FROM unnest($1::text[]) WITH ORDINALITY AS s(x, i)`,
        [samples],
      );
      expect(keys).toEqual(samples.map(caselessAddress1763700002810));
    });

    it('fills the new columns and re-keys the old keys with the frozen rule; a member whose new key is taken stays as it was, logged', async () => {
      for (const name of [...CASELESS].reverse()) await migrate(name, 'down');
      const member = (id: string, n: number, person: { email: string; formerKey: string }) =>
        dataSource.query(
          `INSERT INTO waitlist_entries (id, signup_number, first_name, email, email_normalized, email_canonical, referral_code, source, rank_key, created_at)
           VALUES ($1, $2, 'Old', $3, $4, $4, $5, 'landing', $2 * 2, now())`,
          [id, n, person.email, person.formerKey, `OLDREF${n}`],
        );
      const ids = {
        fullWidth: randomUUID(),
        asciiMaria: randomUUID(),
        greek: randomUUID(),
        greekFinal: randomUUID(),
        turkish: randomUUID(),
        ascii: randomUUID(),
      };
      await member(ids.fullWidth, 9001, fullWidth);
      // Two members under the former rule, one under the new: the full-width one's new key is taken, so it keeps its old one.
      await member(ids.asciiMaria, 9002, { email: 'Maria.Old@example.org', formerKey: 'maria.old@example.org' });
      await member(ids.greek, 9003, greek);
      await member(ids.greekFinal, 9004, greekFinal);
      await member(ids.turkish, 9005, turkish);
      await member(ids.ascii, 9006, ascii);
      const people = [fullWidth, greek, greekFinal, turkish, ascii];
      const events: string[] = [];
      for (const person of people) {
        const [event] = await dataSource.query(
          `INSERT INTO domain_events (id, stream_type, stream_id, version, type, payload, metadata)
           VALUES (gen_random_uuid(), 'contact-submission', gen_random_uuid()::text, 1, 'contact.submitted', '{}', '{}') RETURNING id`,
        );
        events.push(event.id);
        await dataSource.query(`INSERT INTO personal_data (event_id, subject, fields) VALUES ($1, $2, $3)`, [
          event.id,
          `email:${person.formerKey}`,
          { email: person.email },
        ]);
        await dataSource.query(
          `INSERT INTO mail_log (event_id, template, to_address, from_address, subject, html, text, status, reply_to)
           VALUES ($1, 'contact-notification', 'team@swishly.test', 'x@swishly.test', 'Hi', '', '', 'sent', $2),
                  ($1, 'contact-confirmation', $2, 'x@swishly.test', 'Hi', '', '', 'sent', NULL)`,
          [event.id, person.email],
        );
        await dataSource.query(
          `INSERT INTO contact_submissions (id, first_name, email, message, created_at) VALUES (gen_random_uuid(), 'Old', $1, 'Hi', now())`,
          [person.email],
        );
        await dataSource.query(
          `INSERT INTO shot_records (id, kind, code, first_name, email, version, created_at, updated_at) VALUES (gen_random_uuid(), 'hbf', $1, 'Old', $2, 1, now(), now())`,
          [`OLD${events.length}`, person.email],
        );
        await dataSource.query(`INSERT INTO early_access_codes (id, code, first_name, email, created_at) VALUES (gen_random_uuid(), $1, 'Old', $2, now())`, [
          `OLDEA${events.length}`,
          person.email,
        ]);
      }
      await dataSource.query(
        `INSERT INTO shot_records (id, kind, code, version, created_at, updated_at) VALUES (gen_random_uuid(), 'hbf', 'OLDUNCLAIMED', 1, now(), now())`,
      );
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      try {
        for (const name of CASELESS) await migrate(name, 'up');
        expect(warn.mock.calls.map(([message]) => String(message))).toEqual([expect.stringContaining(`waitlist_entries ${ids.fullWidth}`)]);
        expect(JSON.stringify(warn.mock.calls)).not.toMatch(/maria\.old/i); // the log names the row, never the address
      } finally {
        warn.mockRestore();
      }

      const keys = people.map((p) => p.key);
      const members = await dataSource.query(
        `SELECT id, email_normalized, email_canonical FROM waitlist_entries WHERE signup_number > 9000 ORDER BY signup_number`,
      );
      expect(members).toEqual([
        { id: ids.fullWidth, email_normalized: fullWidth.formerKey, email_canonical: fullWidth.key },
        { id: ids.asciiMaria, email_normalized: 'maria.old@example.org', email_canonical: 'maria.old@example.org' },
        ...[greek, greekFinal, turkish, ascii].map((p, i) => ({ id: Object.values(ids)[i + 2], email_normalized: p.key, email_canonical: p.key })),
      ]);
      const subjects = await dataSource.query(`SELECT subject FROM personal_data WHERE event_id = ANY($1::uuid[])`, [events]);
      expect(subjects.map((r: { subject: string }) => r.subject).sort()).toEqual(keys.map((k) => `email:${k}`).sort());
      const mail = await dataSource.query(
        `SELECT to_address_normalized AS "to", reply_to_normalized AS "replyTo" FROM mail_log WHERE event_id = ANY($1::uuid[])`,
        [events],
      );
      expect(
        mail
          .filter((m: { replyTo: string | null }) => m.replyTo !== null)
          .map((m: { replyTo: string }) => m.replyTo)
          .sort(),
      ).toEqual([...keys].sort());
      expect(
        mail
          .filter((m: { replyTo: string | null }) => m.replyTo === null)
          .map((m: { to: string }) => m.to)
          .sort(),
      ).toEqual([...keys].sort());
      for (const table of ['contact_submissions', 'shot_records', 'early_access_codes']) {
        const rows = await dataSource.query(`SELECT email_normalized FROM ${table} WHERE email IS NOT NULL AND first_name = 'Old'`);
        expect({ table, keys: rows.map((r: { email_normalized: string }) => r.email_normalized).sort() }).toEqual({ table, keys: [...keys].sort() });
      }
      expect((await dataSource.query(`SELECT email_normalized FROM shot_records WHERE code = 'OLDUNCLAIMED'`))[0].email_normalized).toBeNull();
    });
  });

  it("files a shot's analysis under the shot and gives claimed shots the id of their latest claim", async () => {
    const migration = dataSource.migrations.find((m) => m.name === 'ShotClaims1763700002850')!;
    const run = async (step: 'up' | 'down') => {
      const runner = dataSource.createQueryRunner();
      try {
        await migration[step](runner);
      } finally {
        await runner.release();
      }
    };
    await run('down'); // back to shots whose events kept their analysis, and no claim ids
    const [{ id: recordId }] = await dataSource.query('SELECT gen_random_uuid() AS id');
    const event = async (version: number, type: string, payload: object) =>
      (
        await dataSource.query(
          `INSERT INTO domain_events (id, stream_type, stream_id, version, type, payload) VALUES (gen_random_uuid(), 'shot-record', $1, $2, $3, $4) RETURNING id`,
          [recordId, version, type, JSON.stringify(payload)],
        )
      )[0].id as string;
    const recorded = await event(1, 'shot.recorded', { recordId, kind: 'hbf', code: 'OLDSHOT', shotData: 'Old analysis', metrics: { elbowAngleDeg: 99 } });
    await event(2, 'shot.claimed', { recordId });
    const latest = await event(3, 'shot.claimed', { recordId });
    await dataSource.query(
      `INSERT INTO shot_records (id, kind, code, first_name, email, shot_data, metrics, version, created_at, updated_at)
       VALUES ($1, 'hbf', 'OLDSHOT', 'Later', 'later@example.com', '"Old analysis"', '{"elbowAngleDeg":99}', 3, now(), now())`,
      [recordId],
    );
    await run('up');
    expect((await dataSource.query('SELECT payload FROM domain_events WHERE id = $1', [recorded]))[0].payload).toEqual({
      recordId,
      kind: 'hbf',
      code: 'OLDSHOT',
    });
    expect(await dataSource.query('SELECT subject, fields FROM personal_data WHERE event_id = $1', [recorded])).toEqual([
      { subject: `shot:${recordId}`, fields: { shotData: 'Old analysis', metrics: { elbowAngleDeg: 99 } } },
    ]);
    expect((await dataSource.query('SELECT claim_id FROM shot_records WHERE id = $1', [recordId]))[0].claim_id).toBe(latest);
  });

  it('the migrations split out of shared ones change nothing when run again', async () => {
    const before = await schema();
    const runner = dataSource.createQueryRunner();
    try {
      for (const migration of dataSource.migrations.filter((m) => SPLIT.includes(m.name!))) await migration.up(runner);
    } finally {
      await runner.release();
    }
    expect(await schema()).toEqual(before);
  });
});
