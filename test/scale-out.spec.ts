import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Queue } from 'bullmq';
import IORedis from 'ioredis';
import { DataSource } from 'typeorm';
import { createTestDatabase } from './utils/database';
import { FakeResend } from './utils/fake-resend';
import { eventually, testEnvironment } from './utils/test-config';
import { AppProcess, TEST_BUILD } from './utils/worker-process';

/**
 * Scaled out as in k8s/: two API processes and two worker processes on one Postgres and one
 * Redis. A burst of joins goes to both APIs while one worker is SIGKILLed midway; every join
 * must get exactly one welcome email and one position, each event must be relayed from the
 * outbox once, and the clock-driven work (scheduled publishing, retention) must run once per
 * tick, not once per worker.
 */
// Its own waits bound each step (the longest: 150 s for the emails); this only stops a hung run.
jest.setTimeout(420_000);

const BURST = 1000;
const PUBLISH_EVERY_MS = 500;
const RETENTION_EVERY_MS = 2000;
const PASSWORD = 'Scale-Out-Court-42';

describe('two APIs and two workers on one Postgres and Redis', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let resend: FakeResend;
  let env: Record<string, string>;
  let dataSource: DataSource;
  let redis: IORedis;
  const apis: { process: AppProcess; url: string }[] = [];
  const workers: AppProcess[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    resend = new FakeResend();
    env = testEnvironment(db.url, {
      RESEND_API_KEY: 're_test_key',
      RESEND_BASE_URL: await resend.start(),
      PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '1000000',
      WORKER_CONCURRENCY: '4',
      DATABASE_POOL_SIZE: '8',
      // A killed worker's jobs come back to the queue when their lock lapses (BullMQ's stalled
      // check); emails it had recorded but not sent wait for the reconciler, as in production.
      JOB_LOCK_MS: '3000',
      RECONCILE_AFTER_MS: '30000',
      RESOURCES_SCHEDULE_POLL_MS: String(PUBLISH_EVERY_MS),
      RETENTION_INTERVAL_MINUTES: String(RETENTION_EVERY_MS / 60_000),
    });
    dataSource = await new DataSource({ type: 'postgres', url: db.url }).initialize();
    redis = new IORedis(6379, '127.0.0.1');
    // All four start at once, as a rollout would start them.
    const ports = await Promise.all([freePort(), freePort()]);
    apis.push(...ports.map((port) => ({ process: new AppProcess('api', { ...env, PORT: String(port) }), url: `http://127.0.0.1:${port}` })));
    workers.push(new AppProcess('worker', env), new AppProcess('worker', env));
    await Promise.all([...apis.map((api) => api.process.start()), ...workers.map((worker) => worker.start())]);
  });

  afterAll(async () => {
    await Promise.all([...apis.map((api) => api.process.stop('SIGKILL')), ...workers.map((worker) => worker.stop('SIGKILL'))]);
    redis?.disconnect();
    await dataSource?.destroy();
    await resend?.stop();
    await db?.drop();
  });

  const count = async (sql: string, params: unknown[] = []) => Number((await dataSource.query(sql, params))[0].n);

  /** What each worker says it ran of one work (its /metrics), summed over the workers still running. */
  async function runsOf(work: string): Promise<number> {
    let total = 0;
    for (const worker of workers.filter((w) => w.exitCode === undefined)) {
      const text = await (await fetch(`http://127.0.0.1:${worker.healthPort}/metrics`)).text();
      const line = text.split('\n').find((l) => l.startsWith(`scheduled_work_runs_total{work="${work}"}`));
      total += line ? Number(line.split(' ').pop()) : 0;
    }
    return total;
  }

  it('runs scheduled publishing and retention once per tick across both workers, and publishes each due post once', async () => {
    const staff = await signIn(apis[0].url);
    const due = Date.now() + 1500;
    const posts: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${apis[i % 2].url}/api/admin/resources`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: staff.cookie, 'x-csrf-token': staff.csrf },
        body: JSON.stringify({
          title: `Scheduled ${i} ${randomBytes(3).toString('hex')}`,
          content: '<p>Elbow under the ball.</p>',
          scheduled_publish_at: new Date(due + i * 300).toISOString(),
        }),
      });
      expect(response.status).toBe(201);
      posts.push(((await response.json()) as { id: string }).id);
    }

    // The window runs from before the first read of the counters to after the last, so it holds every run counted.
    const start = Date.now();
    const before = { publish: await runsOf('resources.scheduled-publishing'), retention: await runsOf('retention') };
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const after = { publish: await runsOf('resources.scheduled-publishing'), retention: await runsOf('retention') };
    const ticks = (everyMs: number) => (Date.now() - start) / everyMs;

    // Once per tick: one worker each tick, not both (which would be twice the ticks), and no tick left out for long.
    for (const [work, ran, everyMs] of [
      ['publishing', after.publish - before.publish, PUBLISH_EVERY_MS],
      ['retention', after.retention - before.retention, RETENTION_EVERY_MS],
    ] as const) {
      expect({ work, ran, atMost: ran <= Math.ceil(ticks(everyMs)) + 1 }).toEqual({ work, ran, atMost: true });
      expect({ work, ran, atLeast: ran >= Math.floor(ticks(everyMs) / 2) }).toEqual({ work, ran, atLeast: true });
    }
    // Both replicas took their share of the ticks.
    expect(await count(`SELECT count(DISTINCT claimed_by) AS n FROM scheduled_ticks WHERE work = 'resources.scheduled-publishing'`)).toBe(2);

    const published = await dataSource.query(
      `SELECT stream_id, count(*)::int AS n FROM domain_events WHERE type = 'resource-post.published' GROUP BY stream_id`,
    );
    expect(Object.fromEntries(published.map((row: { stream_id: string; n: number }) => [row.stream_id, row.n]))).toEqual(
      Object.fromEntries(posts.map((id) => [id, 1])),
    );
  });

  it(`delivers a burst of ${BURST} joins over both APIs, one worker killed midway: one welcome email, one position and one relay each`, async () => {
    const emails = Array.from({ length: BURST }, (_, i) => `scale-${i}@burst.test`);
    const sent = () => count(`SELECT count(*) AS n FROM mail_log WHERE status = 'sent' AND to_address = ANY($1)`, [emails]);
    const active = async () => {
      let n = 0;
      for (const key of await redis.keys(`${env.REDIS_PREFIX}:*:active`)) n += await redis.llen(key);
      return n;
    };
    // Midway, once the workers are sending and while jobs are running, one of them dies without a
    // goodbye; the joins keep coming meanwhile.
    let killedAt = 0;
    let activeAtKill = 0;
    let killing: Promise<void> | undefined;
    for (let i = 0; i < emails.length; i += 50) {
      const statuses = await Promise.all(
        emails.slice(i, i + 50).map(async (email, j) => {
          const response = await fetch(`${apis[j % 2].url}/api/waitlist`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ first_name: 'Burst', email, role: null, referrerCode: null }),
          });
          return response.status;
        }),
      );
      expect(statuses).toEqual(statuses.map(() => 201));
      if (i + 50 === BURST / 2) {
        killing = (async () => {
          await eventually(sent, (n) => n > 20, 60_000);
          activeAtKill = await eventually(active, (n) => n > 0, 60_000);
          await workers[1].stop('SIGKILL');
          killedAt = Date.now();
        })();
      }
    }
    await killing;
    expect(activeAtKill).toBeGreaterThan(0);

    // Emails the killed worker recorded but never sent go out once the reconciler finds them (RECONCILE_AFTER_MS).
    await eventually(sent, (n) => n === BURST, 150_000).catch((error: Error) => {
      throw new Error(`${error.message}\nThe surviving worker's last output:\n${workers[0].log.slice(-4000)}`);
    });
    // A duplicate would show up meanwhile: a dead worker's job runs again once its lock lapses and the stalled check sees it.
    await new Promise((resolve) => setTimeout(resolve, 2 * Number(env.JOB_LOCK_MS) + 1000));

    // One welcome email each, at the provider and in the mail log.
    expect(emails.map((email) => resend.deliveredTo(email).length).filter((n) => n !== 1)).toEqual([]);
    expect(await count(`SELECT count(*) AS n FROM mail_log WHERE to_address = ANY($1) AND template = 'waitlist-welcome'`, [emails])).toBe(BURST);

    // One entry and one position update each (at least one, and the keys allow no more); the Redis mirror ranks every member.
    expect(await count(`SELECT count(*) AS n FROM waitlist_entries`)).toBe(BURST);
    const positionUpdates = () =>
      count(
        `SELECT count(*) AS n FROM processed_events p JOIN domain_events e ON e.id = p.event_id
         WHERE p.consumer = 'waitlist.update-positions' AND e.type = 'waitlist.joined'`,
      );
    await eventually(positionUpdates, (n) => n >= BURST, 60_000);
    expect(await positionUpdates()).toBe(BURST);
    await eventually(
      () => redis.zcard(`${env.REDIS_PREFIX}:waitlist:positions`),
      (n) => n === BURST,
      20_000,
    );

    // The outbox handed every event to the queues once.
    expect(await count(`SELECT count(*) AS n FROM outbox WHERE dispatched_at IS NULL`)).toBe(0);
    const relays = await jobsPerEvent();
    const committedKeys = new Set<string>(
      (await dataSource.query(`SELECT DISTINCT job_key FROM outbox WHERE job_key IS NOT NULL`)).map((row: { job_key: string }) => row.job_key),
    );
    // A relay pass gives a consumer one job under the pass's key (`batch-…`, kept on its outbox
    // rows once the pass commits), or a job under the event's own id when the pass held one event
    // for it; the reconciler queues again under that same id. A pass the killed worker had queued
    // but not committed is the one way to a second batch: the pass that committed them relayed
    // its events again (and the consumers skip what they processed).
    const uncommitted = new Set([...relays.values()].flat().filter((key) => key.startsWith('batch-') && !committedKeys.has(key)));
    expect(uncommitted.size).toBeLessThanOrEqual(1);
    const notOnce = [...relays].filter(([name, keys]) => {
      const batches = keys.filter((key) => committedKeys.has(key)).length;
      const ownJob = keys.includes(name.split(' ')[1]);
      return batches > 1 || (batches === 0 && !ownJob);
    });
    expect(notOnce).toEqual([]);
    const joins = await dataSource.query(`SELECT id FROM domain_events WHERE type = 'waitlist.joined'`);
    for (const queue of ['waitlist.send-welcome-email', 'waitlist.update-positions']) {
      expect(joins.filter(({ id }: { id: string }) => !relays.has(`${queue} ${id}`))).toEqual([]);
    }

    // Each consumer handled each of its events once (its record is keyed by consumer and event).
    expect(
      await count(
        `SELECT count(*) AS n FROM processed_events p JOIN domain_events e ON e.id = p.event_id WHERE p.consumer = 'waitlist.send-welcome-email' AND e.type = 'waitlist.joined'`,
      ),
    ).toBe(BURST);

    // The clock went on with one worker: the survivor claimed the ticks after the kill.
    await eventually(
      () =>
        dataSource.query(
          `SELECT count(*)::int AS n, count(DISTINCT claimed_by)::int AS replicas FROM scheduled_ticks WHERE work = 'resources.scheduled-publishing' AND claimed_at > $1`,
          [new Date(killedAt + 4000)],
        ),
      ([row]) => row.n >= 3 && row.replicas === 1,
      30_000,
    );
  });

  /**
   * Every job of every consumer's queue: "<queue> <event id>" -> the keys of the jobs holding that
   * event (a relay pass's key `batch-…`, or the event's id for a job of its own).
   */
  async function jobsPerEvent(): Promise<Map<string, string[]>> {
    const prefix = env.REDIS_PREFIX;
    const names = (await redis.keys(`${prefix}:*:meta`)).map((key) => key.slice(prefix.length + 1, -':meta'.length));
    const found = new Map<string, string[]>();
    for (const name of names) {
      const queue = new Queue(name, { connection: redis.duplicate(), prefix });
      try {
        const jobs = await queue.getJobs(['completed', 'failed', 'active', 'waiting', 'delayed', 'prioritized', 'waiting-children'], 0, -1);
        for (const job of jobs) {
          const events: { id: string }[] | undefined = job?.data?.events;
          if (!events) continue; // the mail delivery queue holds emails, not events
          const key = job.id!.slice(`${name}--`.length);
          for (const event of events) found.set(`${name} ${event.id}`, [...(found.get(`${name} ${event.id}`) ?? []), key]);
        }
      } finally {
        await queue.close();
        await queue.disconnect();
      }
    }
    return found;
  }

  /** A staff member, made with the admin CLI and signed in through the first API. */
  async function signIn(apiUrl: string): Promise<{ cookie: string; csrf: string }> {
    const email = `scale-staff-${randomBytes(3).toString('hex')}@swishly.test`;
    await promisify(execFile)(process.execPath, [join(TEST_BUILD, 'apps/worker/src/admin-create.js'), '--email', email, '--password', PASSWORD], {
      cwd: join(__dirname, '..'),
      env: { ...process.env, ...env },
    });
    const response = await fetch(`${apiUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(response.status).toBe(200);
    const jar = Object.fromEntries(response.headers.getSetCookie().map((cookie) => cookie.split(';')[0].split('=') as [string, string]));
    return {
      cookie: Object.entries(jar)
        .map(([name, value]) => `${name}=${value}`)
        .join('; '),
      csrf: jar.csrf_token,
    };
  }
});

/**
 * A port free now, below the kernel's ephemeral range (32768 and up): a port the OS handed out
 * and took back could be handed to another process's listener or connection before the API binds
 * it (an API once failed to start with EADDRINUSE that way), one chosen here cannot.
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer()
        .once('error', () => resolve(false))
        .listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}
