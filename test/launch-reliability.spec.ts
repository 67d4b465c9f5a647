import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig, MailSuppressions } from '@swishly/platform';
import { WaitlistService } from '@swishly/waitlist';
import { DataSource } from 'typeorm';
import { createTestDatabase } from './utils/database';
import { FakeResend } from './utils/fake-resend';
import { bootApi, signInStaff } from './utils/test-app';
import { eventually, testEnvironment } from './utils/test-config';
import { WorkerProcess } from './utils/worker-process';

/**
 * A launch's worst day, with the real worker as its own process: admissions and an
 * announcement to the whole list, the worker SIGKILLed midway and restarted, the provider
 * answering 429 for a while. Every admitted member gets exactly one code and one invite; every
 * recipient exactly one announcement; nobody who said no (or was erased) gets anything.
 */
jest.setTimeout(480_000);

describe('Admissions and announcements survive a killed worker (real worker process)', () => {
  const MEMBERS = 700; // two chunks of an announcement (500 each)
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let resend: FakeResend;
  let api: NestFastifyApplication;
  let dataSource: DataSource;
  let worker: WorkerProcess;
  let headers: Record<string, string>;
  const emails = Array.from({ length: MEMBERS }, (_, i) => `launch-${i}@crash.test`);
  const post = (url: string, payload: object, extra: Record<string, string> = {}) =>
    api.inject({ method: 'POST', url, payload, headers: { ...headers, ...extra } });
  const get = (url: string) => api.inject({ url, headers });
  const withSubject = (subject: string) => resend.delivered.filter((m) => m.body.subject.startsWith(subject));
  const perAddress = (subject: string) => {
    const counts = new Map<string, number>();
    for (const m of withSubject(subject)) counts.set([m.body.to].flat()[0], (counts.get([m.body.to].flat()[0]) ?? 0) + 1);
    return counts;
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    resend = new FakeResend();
    const env = testEnvironment(db.url, {
      RESEND_API_KEY: 're_test_key',
      RESEND_BASE_URL: await resend.start(),
      PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '100000',
      WORKER_STALL_SECONDS: '2',
      RECONCILE_AFTER_MS: '2000',
      JOB_LOCK_MS: '2000',
    });
    api = await bootApi(loadConfig(env));
    dataSource = api.get(DataSource);
    worker = new WorkerProcess(env);
    headers = await signInStaff(api, 'launch-staff@swishly.test');
    const links = api.get(WaitlistService).links;
    for (let i = 0; i < MEMBERS; i += 50) {
      await Promise.all(
        emails.slice(i, i + 50).map(async (email, j) => {
          const joined = await api.inject({
            method: 'POST',
            url: '/api/waitlist',
            payload: { first_name: 'Launch', email, role: null, referrerCode: null },
            remoteAddress: `10.70.${i % 250}.${j + 1}`,
          });
          const confirmed = await api.inject({
            method: 'POST',
            url: '/api/waitlist/confirm',
            payload: { token: links.confirmToken(joined.json().id) },
            remoteAddress: `10.71.${i % 250}.${j + 1}`,
          });
          expect(confirmed.statusCode).toBe(200);
        }),
      );
    }
  });

  afterAll(async () => {
    await worker?.stop('SIGKILL');
    await api?.close();
    await resend?.stop();
    await db?.drop();
  });

  it('admits 300 members exactly once each (one code, one invite) with the worker killed midway', async () => {
    const admission = (await post('/api/admin/waitlist/admissions', { count: 300 }, { 'idempotency-key': 'crash-wave' })).json();
    expect(admission.total).toBe(300);
    await worker.start();
    // From the worker's spawn: on a loaded machine its boot alone has taken most of a minute.
    await eventually(
      async () => withSubject("You're in").length,
      (n) => n >= 20,
      120_000,
    );
    await worker.stop('SIGKILL');
    expect((await post('/api/admin/waitlist/admissions', { count: 300 }, { 'idempotency-key': 'crash-wave' })).json().id).toBe(admission.id); // the retry of an impatient admin
    await worker.start();
    await eventually(
      async () => (await get(`/api/admin/waitlist/admissions/${admission.id}`)).json(),
      (p) => p.status === 'done',
      // 300 admissions after a restart: seconds alone; a loaded fresh-clone run had 199 done after 90 s.
      240_000,
    );
    await eventually(
      async () => perAddress("You're in").size,
      (n) => n === 300,
      60_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500)); // a duplicate would show up meanwhile
    expect([...perAddress("You're in").values()].filter((n) => n !== 1)).toEqual([]);
    const codes = await dataSource.query('SELECT email, count(*)::int AS n FROM early_access_codes GROUP BY email HAVING count(*) <> 1');
    expect(codes).toEqual([]);
    expect((await dataSource.query('SELECT count(*)::int AS n FROM early_access_codes'))[0].n).toBe(300);
    // The first 300 by position, each with the invite carrying their own code.
    const admitted = await dataSource.query('SELECT email FROM waitlist_entries WHERE admitted_at IS NOT NULL');
    expect(admitted.map((r: { email: string }) => r.email).sort()).toEqual(emails.slice(0, 300).sort());
    await worker.stop('SIGKILL');
  });

  it('sends an announcement to every recipient exactly once through a SIGKILL and a spell of 429s, skipping who said no or was erased since', async () => {
    const sent = await post('/api/admin/broadcasts', { subject: 'Launch: Swishly is out', html: '<p>Get the app today.</p>', audience: 'all' });
    expect(sent.statusCode).toBe(202);
    const { id } = sent.json();
    expect((await get(`/api/admin/broadcasts/${id}`)).json()).toMatchObject({ total: MEMBERS, status: 'sending' });
    // Between the request and the send: two unsubscribe, one bounces, one is erased.
    const saidNo = [emails[10], emails[600], emails[650]];
    await api.get(MailSuppressions).suppress(saidNo[0], 'unsubscribed');
    await api.get(MailSuppressions).suppress(saidNo[1], 'unsubscribed');
    await api.get(MailSuppressions).suppress(saidNo[2], 'bounced');
    const erased = emails[400];
    expect((await post('/api/admin/privacy/erase', { email: erased })).statusCode).toBe(200);

    await worker.start();
    await eventually(
      async () => withSubject('Launch:').length,
      (n) => n >= 50,
      60_000,
    );
    await worker.stop('SIGKILL');
    resend.rejectAllWith(429); // the provider's rate limit: back off, then go on
    await worker.start();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    resend.rejectAllWith(undefined);

    const done = await eventually(
      async () => (await get(`/api/admin/broadcasts/${id}`)).json(),
      (p) => p.status === 'sent',
      120_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\nThe worker's last output:\n${worker.log.slice(-3000)}`);
    });
    expect(done).toMatchObject({ total: MEMBERS, sent: MEMBERS - 4, skipped: 4, failed: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const counts = perAddress('Launch:');
    expect(counts.size).toBe(MEMBERS - 4);
    expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    for (const email of [...saidNo, erased]) expect(counts.has(email)).toBe(false);
    const rows = await dataSource.query(
      `SELECT count(*)::int AS n, count(DISTINCT to_address)::int AS people FROM mail_log WHERE broadcast_id = $1 AND status <> 'suppressed'`,
      [id],
    );
    expect(rows).toEqual([{ n: MEMBERS - 4, people: MEMBERS - 4 }]);
  });
});
