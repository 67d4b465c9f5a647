import { ConsumerHandler, ConsumerHost, DomainEvent, QueueRegistry, toDomainEvent } from '@swishly/platform';
import { RunWaitlistImport, WaitlistImportChunkImported } from '@swishly/waitlist';
import { Job } from 'bullmq';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { RunWaitlistImportJob } from '../libs/waitlist/src/imports/jobs/run-waitlist-import.job';
import { signInStaff } from './utils/test-app';
import { eventually } from './utils/test-config';
import { startStack, TestStack } from './utils/test-stack';

// Staff import another tool's waitlist as CSV (POST /api/admin/waitlist/import): the worker adds
// each row as a member after the list, skips addresses already there, reports what it could not
// take with its line, welcomes and confirms only when asked, and keeps the file only while it runs.
describe('POST /api/admin/waitlist/import', () => {
  let stack: TestStack;
  let db: DataSource;
  let staff: { cookie: string; 'x-csrf-token': string };
  let existing: { id: string; referralCode: string };

  /** A multipart/form-data body: the file in `file`, then form fields, as a browser's FormData sends them. */
  const multipart = (csv: string, fields: Record<string, string> = {}) => {
    const boundary = `----swishly${randomBytes(8).toString('hex')}`;
    const parts = [
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="list.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n`,
      ...Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ];
    return { payload: Buffer.from(`${parts.join('')}--${boundary}--\r\n`), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  };
  const importCsv = (csv: string, query = '', headers: Record<string, string> = staff) =>
    stack.api.inject({ method: 'POST', url: `/api/admin/waitlist/import${query}`, payload: csv, headers: { ...headers, 'content-type': 'text/csv' } });
  const importMultipart = (csv: string, fields: Record<string, string> = {}) => {
    const body = multipart(csv, fields);
    return stack.api.inject({ method: 'POST', url: '/api/admin/waitlist/import', payload: body.payload, headers: { ...staff, ...body.headers } });
  };
  const progress = async (id: string) => (await stack.api.inject({ url: `/api/admin/waitlist/import/${id}`, headers: staff })).json();
  const finished = (id: string) =>
    eventually(
      () => progress(id),
      (p) => p.status === 'done' || p.status === 'failed',
      60_000,
    );
  const entry = async (email: string) =>
    (await db.query('SELECT * FROM waitlist_entries WHERE email_normalized = $1', [email.toLowerCase()]))[0] as Record<string, unknown> | undefined;
  const welcomesTo = async (emails: string[]) =>
    (await db.query(`SELECT to_address FROM mail_log WHERE template = 'waitlist-welcome' AND to_address = ANY($1)`, [emails])).map(
      (r: { to_address: string }) => r.to_address,
    );

  beforeAll(async () => {
    stack = await startStack({ PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '1000' });
    db = stack.dataSource;
    staff = await signInStaff(stack.api, 'import-staff@swishly.test', 'marketing');
    for (const [i, email] of ['existing@example.com', 'second@example.com'].entries()) {
      const joined = await stack.api.inject({
        method: 'POST',
        url: '/api/waitlist',
        payload: { first_name: `Existing${i}`, email, role: null },
        remoteAddress: `10.70.0.${i + 1}`,
      });
      expect(joined.statusCode).toBe(201);
      if (i === 0) existing = joined.json();
    }
  });

  afterAll(async () => {
    await stack?.stop();
  });

  let firstImport: string;

  it('adds the rows after the list in file order, skips addresses on the list or repeated, and reports invalid lines', async () => {
    const csv = [
      '\uFEFFEmail,First_Name,Confirmed,Referred_By',
      'ann@example.com,Ann,true,',
      'EXISTING@Example.com,Again,,',
      'bob@example.com,"Bob, Jr",yes,Ann@Example.com',
      'not-an-email,Nope,,',
      'cat@example.com,,,',
      'ANN@example.com,Ann twice,,',
      `dan@example.com,Dan,no,${existing.referralCode.toLowerCase()}`,
      'eve@example.com,Eve,,nobody@example.com',
      'fay@example.com,Fay,maybe,',
    ].join('\r\n');
    const response = await importCsv(csv);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({ id: expect.any(String), status: 'queued', processed: 0, imported: 0 });
    firstImport = response.json().id;

    const report = await finished(firstImport);
    expect(report).toMatchObject({
      status: 'done',
      total: 9,
      processed: 9,
      imported: 3,
      skipped: 2,
      invalid: 4,
      order: 'file',
      welcome: false,
      doubleOptIn: false,
    });
    expect(report.skippedLines).toEqual([
      { line: 3, reason: 'Already on the list' },
      { line: 7, reason: 'Repeats the address of line 2' },
    ]);
    expect(report.invalidLines).toEqual([
      { line: 5, reason: 'Not a valid email address' },
      { line: 6, reason: 'No first name' },
      { line: 9, reason: expect.stringContaining('Unknown referrer') },
      { line: 10, reason: 'confirmed is not true or false' },
    ]);

    // After the two members already there, in the file's order; nobody twice.
    const list = (await stack.api.inject({ url: '/api/admin/waitlist?limit=10', headers: staff })).json();
    expect(list.entries.map((e: { email: string; position: number }) => [e.position, e.email])).toEqual([
      [1, 'existing@example.com'],
      [2, 'second@example.com'],
      [3, 'ann@example.com'],
      [4, 'bob@example.com'],
      [5, 'dan@example.com'],
    ]);
    const [ann, bob, dan] = [await entry('ann@example.com'), await entry('bob@example.com'), await entry('dan@example.com')];
    expect(ann).toMatchObject({ source: 'import', first_name: 'Ann', confirmed_at: null }); // confirmed, but the list was not said to be double opt-in
    expect(bob).toMatchObject({ first_name: 'Bob, Jr', referrer_entry_id: ann!.id, referral_status: 'pending', referred_by_code: ann!.referral_code });
    expect(dan).toMatchObject({ referrer_entry_id: existing.id, referral_status: 'pending' });
    expect((await db.query(`SELECT count(*)::int AS n FROM waitlist_entries WHERE email_normalized = 'existing@example.com'`))[0].n).toBe(1);

    // Their personal fields live beside the log, as a public join's do.
    const [joined] = await db.query(`SELECT e.payload, p.fields FROM domain_events e JOIN personal_data p ON p.event_id = e.id WHERE e.stream_id = $1`, [
      ann!.id,
    ]);
    expect(joined.payload).toMatchObject({ source: 'import', importId: firstImport, welcome: false });
    expect(JSON.stringify(joined.payload)).not.toContain('@');
    expect(joined.fields).toMatchObject({ email: 'ann@example.com', firstName: 'Ann' });
  });

  it('orders by joined_at when every row has one, confirms only a double opt-in list, welcomes when asked, and credits referrals by the usual rule', async () => {
    const csv = [
      'first_name,email,joined_at,confirmed,referred_by',
      'Gus,gus@example.com,2025-03-01T10:00:00Z,true,hal@example.com',
      'Hal,hal@example.com,2025-01-15,true,',
      'Ivy,ivy@example.com,2025-02-01T08:30:00+02:00,false,',
    ].join('\n');
    const response = await importMultipart(csv, { welcome: 'true', doubleOptIn: 'on' });
    expect(response.statusCode).toBe(202);
    const report = await finished(response.json().id);
    expect(report).toMatchObject({ status: 'done', imported: 3, skipped: 0, invalid: 0, order: 'joined_at', welcome: true, doubleOptIn: true });

    const [hal, ivy, gus] = [await entry('hal@example.com'), await entry('ivy@example.com'), await entry('gus@example.com')];
    expect([hal!.signup_number, ivy!.signup_number, gus!.signup_number]).toEqual([6, 7, 8]);
    expect(new Date(hal!.created_at as string).toISOString()).toBe('2025-01-15T00:00:00.000Z');
    expect(new Date(ivy!.created_at as string).toISOString()).toBe('2025-02-01T06:30:00.000Z');
    expect(hal!.confirmed_at).not.toBeNull();
    expect(gus!.confirmed_at).not.toBeNull();
    expect(ivy!.confirmed_at).toBeNull();
    // Gus confirmed, so Hal (confirmed too) is credited and moves up.
    await eventually(
      () => entry('hal@example.com'),
      (e) => e?.referral_credits === 1,
    );

    await eventually(
      () => welcomesTo(['gus@example.com', 'hal@example.com', 'ivy@example.com']),
      (sent) => sent.length === 3,
    );
    // The first import asked for no welcome: its members got none (this import's went meanwhile).
    expect(await welcomesTo(['ann@example.com', 'bob@example.com', 'dan@example.com'])).toEqual([]);
  });

  it('takes thousands of rows a chunk at a time, and a redelivered step creates nobody twice', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => `many${i}@example.com,Many ${i}`);
    const response = await importCsv(['email,first_name', ...rows].join('\n'), '?welcome=false');
    expect(response.statusCode).toBe(202);
    const id = response.json().id;
    expect(await finished(id)).toMatchObject({ status: 'done', total: 2500, imported: 2500 });
    const order = await db.query(`SELECT email FROM waitlist_entries WHERE email LIKE 'many%' ORDER BY signup_number`);
    expect(order.map((r: { email: string }) => r.email)).toEqual(rows.map((r) => r.split(',')[0]));

    const count = async () => (await db.query(`SELECT count(*)::int AS n FROM waitlist_entries`))[0].n;
    const before = await count();
    const steps: DomainEvent[] = (
      await db.query(`SELECT * FROM domain_events WHERE stream_type = 'waitlist-import' AND stream_id = $1 ORDER BY version`, [id])
    ).map(toDomainEvent);
    expect(steps.filter((e) => WaitlistImportChunkImported.is(e))).toHaveLength(3);
    const host = stack.worker.get(ConsumerHost);
    const handler = stack.worker.get(RunWaitlistImportJob) as unknown as ConsumerHandler;
    // Redelivered (Redis forgot the jobs were done): the consumers' protocol skips them...
    for (const step of steps.filter((e) => RunWaitlistImport.handles.some((h) => h.type === e.type))) {
      const job = { id: `again-${step.id}`, data: { events: [step] }, attemptsMade: 0, opts: { attempts: 5 } } as unknown as Job;
      expect(await host.process(RunWaitlistImport, handler, job)).toBe('duplicate');
    }
    // ...and a step run again past that record (its record lost) finds its stream moved on and does nothing.
    const middle = steps.find((e) => WaitlistImportChunkImported.is(e))!;
    await db.query(`DELETE FROM processed_events WHERE consumer = $1 AND event_id = $2`, [RunWaitlistImport.name, middle.id]);
    const job = { id: 'again-middle', data: { events: [middle] }, attemptsMade: 0, opts: { attempts: 5 } } as unknown as Job;
    expect(await host.process(RunWaitlistImport, handler, job)).toBe('done');
    expect(await count()).toBe(before);

    // The file and its rows are gone; the log holds no address of the import.
    expect((await db.query(`SELECT count(*)::int AS n FROM waitlist_import_files`))[0].n).toBe(0);
    expect((await db.query(`SELECT count(*)::int AS n FROM waitlist_import_rows`))[0].n).toBe(0);
    const logged = await db.query(`SELECT payload::text AS payload FROM domain_events WHERE stream_type = 'waitlist-import'`);
    expect(logged.map((r: { payload: string }) => r.payload).join()).not.toContain('@');
  });

  it('resumes a worker killed mid-step: the step rolls back and runs again whole', async () => {
    const queue = stack.worker.get(QueueRegistry).queueFor(RunWaitlistImport);
    await queue.pause(); // the worker's own run waits: this test plays the steps
    try {
      const id = (await importCsv(['email,first_name', 'kim@example.com,Kim', 'lee@example.com,Lee'].join('\n'))).json().id;
      const host = stack.worker.get(ConsumerHost);
      const handler = stack.worker.get(RunWaitlistImportJob) as unknown as ConsumerHandler;
      const dying = {
        handle: async (event: DomainEvent, context: Parameters<RunWaitlistImportJob['handle']>[1]) => {
          await handler.handle(event, context);
          throw new Error('killed mid-step');
        },
      };
      const lastStep = async () => toDomainEvent((await db.query(`SELECT * FROM domain_events WHERE stream_id = $1 ORDER BY version DESC LIMIT 1`, [id]))[0]);
      const job = (event: DomainEvent, name: string) => ({ id: name, data: { events: [event] }, attemptsMade: 0, opts: { attempts: 5 } }) as unknown as Job;
      const imported = async () =>
        (await db.query(`SELECT count(*)::int AS n FROM waitlist_entries WHERE email IN ('kim@example.com', 'lee@example.com')`))[0].n;

      // Killed while reading the file: nothing kept, the file still there; run again, it reads it.
      const requested = await lastStep();
      await expect(host.process(RunWaitlistImport, dying, job(requested, 'dying-read'))).rejects.toThrow('killed mid-step');
      expect((await db.query(`SELECT count(*)::int AS n FROM waitlist_import_files WHERE import_id = $1`, [id]))[0].n).toBe(1);
      expect(await host.process(RunWaitlistImport, handler, job(requested, 'read'))).toBe('done');
      // Killed in the chunk: nobody joined; run again, both join once.
      const started = await lastStep();
      await expect(host.process(RunWaitlistImport, dying, job(started, 'dying-chunk'))).rejects.toThrow('killed mid-step');
      expect(await imported()).toBe(0);
      expect(await host.process(RunWaitlistImport, handler, job(started, 'chunk'))).toBe('done');
      expect(await imported()).toBe(2);
      expect(await progress(id)).toMatchObject({ status: 'done', imported: 2 });
    } finally {
      await queue.resume();
    }
    // The worker's own jobs for those steps, once resumed, find them done.
    await new Promise((r) => setTimeout(r, 500));
    expect((await db.query(`SELECT count(*)::int AS n FROM waitlist_entries WHERE email IN ('kim@example.com', 'lee@example.com')`))[0].n).toBe(2);
  });

  it('is one import however often the same Idempotency-Key comes, even at once (a double click, a retried upload)', async () => {
    const csv = 'email,first_name\nsame-key-one@example.com,Kay\nsame-key-two@example.com,Kim\n';
    const headers = { ...staff, 'idempotency-key': 'old-list-upload-1' };
    const answers = await Promise.all([importCsv(csv, '', headers), importCsv(csv, '', headers), importCsv(csv, '', headers)]);
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await finished(answers[0].json().id)).toMatchObject({ status: 'done', imported: 2, skipped: 0 });
    const [requests] = await db.query(`SELECT count(*)::int AS n FROM domain_events WHERE type = 'waitlist.import-requested' AND stream_id = $1`, [
      answers[0].json().id,
    ]);
    expect(requests.n).toBe(1);
    // Another key is another import: the same rows are then on the list.
    const again = await importCsv(csv, '', { ...staff, 'idempotency-key': 'old-list-upload-2' });
    expect(again.json().id).not.toBe(answers[0].json().id);
    expect(await finished(again.json().id)).toMatchObject({ imported: 0, skipped: 2 });
  });

  it('refuses a file without the columns, a file too large, and staff without waitlist.manage', async () => {
    const noColumns = await importCsv('name,mail\nAnn,ann@example.com');
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json().error).toContain('email');
    expect((await importCsv('')).statusCode).toBe(400);
    expect((await importCsv('email,first_name\n', '?welcome=perhaps')).statusCode).toBe(400);
    const huge = await importCsv(`email,first_name\n${'x'.repeat(21 * 1024 * 1024)}`);
    expect(huge.statusCode).toBe(413);
    const hugeUpload = await importMultipart(`email,first_name\n${'x'.repeat(21 * 1024 * 1024)}`);
    expect(hugeUpload.statusCode).toBe(413);
    expect(hugeUpload.json()).toMatchObject({ code: 'payload_too_large' });
    for (const role of ['ops', 'editor'] as const) {
      const headers = await signInStaff(stack.api, `import-${role}@swishly.test`, role);
      const refused = await importCsv('email,first_name\nzed@example.com,Zed', '', headers);
      expect(refused.statusCode).toBe(403);
      expect((await stack.api.inject({ url: `/api/admin/waitlist/import/${firstImport}`, headers })).statusCode).toBe(403);
    }
    expect(await entry('zed@example.com')).toBeUndefined();
  });

  it('is on the audit log under the staff member, and an erasure forgets an imported member', async () => {
    const owner = await signInStaff(stack.api, 'import-owner@swishly.test', 'owner');
    const audit = (await stack.api.inject({ url: '/api/admin/audit?action=waitlist.import-requested', headers: owner })).json();
    expect(audit.entries.length).toBeGreaterThanOrEqual(3);
    expect(audit.entries.at(-1)).toMatchObject({
      actorEmail: 'import-staff@swishly.test',
      label: 'Imported 3 members from a CSV',
      target: { type: 'import', id: firstImport },
    });
    // The members' own joins are the system's work, not entries of the staff member's.
    const joins = (await stack.api.inject({ url: '/api/admin/audit?action=waitlist.joined', headers: owner })).json();
    expect(joins.entries).toEqual([]);

    // The marketing report counts the two who signed up through the site, not the imported.
    await eventually(
      async () => (await db.query('SELECT coalesce(sum(signups), 0)::int AS n FROM signup_daily_rollups'))[0].n,
      (n) => n === 2,
    );
    expect((await db.query(`SELECT count(*)::int AS n FROM processed_events WHERE consumer = 'analytics.roll-up-signups'`))[0].n).toBe(2);

    const running = (await stack.api.inject({ url: '/api/admin/waitlist/import/running', headers: staff })).json();
    expect(running).toEqual({ import: null });

    const erased = await stack.api.inject({ method: 'POST', url: '/api/admin/privacy/erase', payload: { email: 'Bob@Example.com' }, headers: owner });
    expect(erased.statusCode).toBe(200);
    expect(await entry('bob@example.com')).toBeUndefined();
    expect((await db.query(`SELECT count(*)::int AS n FROM personal_data WHERE subject = 'email:bob@example.com'`))[0].n).toBe(0);
  });
});
