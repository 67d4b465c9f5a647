import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig } from '@swishly/platform';
import IORedis from 'ioredis';
import { DataSource } from 'typeorm';
import { createTestDatabase } from './utils/database';
import { FakeResend } from './utils/fake-resend';
import { TcpProxy } from './utils/tcp-proxy';
import { bootApi } from './utils/test-app';
import { eventually, testEnvironment } from './utils/test-config';
import { loadConfig } from '@swishly/platform';
import { WorkerProcess } from './utils/worker-process';

/**
 * The worst day, with the real worker as its own process and a small pool: bursts of hundreds of
 * joins while the worker is killed, Redis goes away (and comes back with or without its data),
 * Postgres drops its connections, or a deploy sends SIGTERM. Every join must get exactly one
 * welcome email and one position update, whatever happens.
 */
// Each test is a burst, a failure and its recovery; its own waits bound each step (60 s for the
// emails, 20 s for the positions). Jest's whole-test limit must not be tighter than those, or a
// slow CI machine (Jest runs two files at once) fails a recovery that was still within bounds.
jest.setTimeout(180_000);

describe('Worker under bursts and failures (real worker process, Postgres, Redis)', () => {
  const BURST = 500;
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let redis: TcpProxy;
  let resend: FakeResend;
  let env: Record<string, string>;
  let config: AppConfig;
  let api: NestFastifyApplication;
  let dataSource: DataSource;
  let worker: WorkerProcess;
  let run = 0;

  beforeAll(async () => {
    db = await createTestDatabase();
    redis = new TcpProxy('127.0.0.1', 6379);
    await redis.up();
    resend = new FakeResend();
    const resendUrl = await resend.start();
    const url = new URL(db.url);
    url.searchParams.set('application_name', 'reliability-worker');
    env = testEnvironment(db.url, {
      REDIS_URL: redis.url,
      RESEND_API_KEY: 're_test_key',
      RESEND_BASE_URL: resendUrl,
      PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '100000',
      // A small pool, just big enough for the slots: a job asking for a second connection would starve.
      WORKER_CONCURRENCY: '3',
      DATABASE_POOL_SIZE: '5',
      WORKER_STALL_SECONDS: '2',
      RECONCILE_AFTER_MS: '2000',
      JOB_LOCK_MS: '2000',
    });
    config = loadConfig(env);
    api = await bootApi(config);
    dataSource = api.get(DataSource);
    worker = new WorkerProcess({ ...env, DATABASE_URL: url.toString() });
  });

  afterEach(async () => {
    await redis.up();
    await worker.stop('SIGKILL');
  });

  afterAll(async () => {
    await api?.close();
    await redis?.down();
    await resend?.stop();
    await db?.drop();
  });

  const addresses = (count: number) => {
    const tag = `b${++run}`;
    return Array.from({ length: count }, (_, i) => `${tag}-${i}@burst.test`);
  };

  /** Sends a join for each address, 50 at a time (every one must answer 201); `during` runs after each 50. */
  async function burst(emails: string[], during?: (sent: number) => Promise<void>): Promise<string[]> {
    for (let i = 0; i < emails.length; i += 50) {
      const responses = await Promise.all(
        emails.slice(i, i + 50).map((email, j) =>
          api.inject({
            method: 'POST',
            url: '/api/waitlist',
            payload: { first_name: 'Burst', email, role: null, referrerCode: null },
            remoteAddress: `10.9.${i % 250}.${j + 1}`,
          }),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 201));
      await during?.(i + 50);
    }
    return emails;
  }

  const sentCount = async (emails: string[]) =>
    (await dataSource.query(`SELECT count(*)::int AS n FROM mail_log WHERE status = 'sent' AND to_address = ANY($1)`, [emails]))[0].n as number;

  /** Every address got exactly one welcome email (at the provider and in the mail log) and one position update. */
  async function expectExactlyOnce(emails: string[], timeoutMs = 60_000): Promise<void> {
    await eventually(
      () => sentCount(emails),
      (n) => n === emails.length,
      timeoutMs,
    ).catch((error: Error) => {
      // What the worker said is the clue when it stops sending (it runs in its own process).
      throw new Error(`${error.message}\nThe worker's last output (exit ${worker.exitCode ?? 'none'} ${worker.exitSignal ?? ''}):\n${worker.log.slice(-4000)}`);
    });
    await new Promise((r) => setTimeout(r, 1500)); // a duplicate would show up meanwhile
    const perAddress = emails.map((email) => resend.deliveredTo(email).length);
    expect(perAddress.filter((n) => n !== 1)).toEqual([]);
    const rows = await dataSource.query(
      `SELECT to_address, count(*)::int AS n, min(template) AS template FROM mail_log WHERE to_address = ANY($1) GROUP BY to_address`,
      [emails],
    );
    expect(rows.filter((r: { n: number; template: string }) => r.n !== 1 || r.template !== 'waitlist-welcome')).toEqual([]);
    expect(rows).toHaveLength(emails.length);
    // Positions are another queue, sharing the worker with the emails (and the analytics rollups):
    // it may finish later, but it finishes, once per join.
    const positionUpdates = async () =>
      (
        await dataSource.query(
          // The address is kept beside the log (personal_data), not in the event's payload.
          `SELECT count(*)::int AS updates FROM processed_events p JOIN domain_events e ON e.id = p.event_id JOIN personal_data pd ON pd.event_id = e.id
           WHERE p.consumer = 'waitlist.update-positions' AND e.type = 'waitlist.joined' AND pd.fields->>'email' = ANY($1)`,
          [emails],
        )
      )[0].updates as number;
    await eventually(positionUpdates, (n) => n >= emails.length, timeoutMs);
    expect(await positionUpdates()).toBe(emails.length);
    // The Redis mirror has every entry, so positions come from ZRANK again.
    const direct = new IORedis(6379, '127.0.0.1');
    const [{ n }] = await dataSource.query('SELECT count(*)::int AS n FROM waitlist_entries');
    await eventually(
      () => direct.zcard(`${env.REDIS_PREFIX}:waitlist:positions`),
      (size) => size === n,
      20_000,
    ).finally(() => direct.disconnect());
  }

  it(`delivers a burst of ${BURST} joins with a small pool: one welcome email and one position update each`, async () => {
    await worker.start();
    const batchCalls = resend.batchSizes.length;
    const emails = await burst(addresses(BURST));
    await expectExactlyOnce(emails);
    expect((await worker.health('/health/ready')).status).toBe(200);
    // A job's emails leave in batch calls (Resend's batch endpoint), not one call each.
    const batches = resend.batchSizes.slice(batchCalls);
    expect(batches.reduce((sum, size) => sum + size, 0)).toBeGreaterThan(BURST / 2);
    expect(batches.every((size) => size >= 2 && size <= 100)).toBe(true);
  });

  it('loses nothing and sends nothing twice when the worker is SIGKILLed mid-burst and restarted', async () => {
    await worker.start();
    const emails = addresses(BURST);
    await burst(emails, async (sent) => {
      if (sent === 250) {
        await eventually(
          () => sentCount(emails),
          (n) => n > 20,
          30_000,
        );
        await worker.stop('SIGKILL');
        await worker.start();
      }
    });
    await expectExactlyOnce(emails);
  });

  it('finishes or returns running jobs on SIGTERM within SHUTDOWN_TIMEOUT_MS, losing nothing', async () => {
    await worker.start();
    let stoppedIn = 0;
    const emails = await burst(addresses(BURST), async (sent) => {
      if (sent === 250) {
        stoppedIn = await worker.stop('SIGTERM');
        // Nest closes the app, then ends the process with the signal it got: a clean stop.
        expect(worker.exitSignal ?? worker.exitCode).toBe('SIGTERM');
        expect(worker.log).not.toContain('forcing close');
        await worker.start();
      }
    });
    expect(stoppedIn).toBeLessThan(Number(env.SHUTDOWN_TIMEOUT_MS) + 1000);
    await expectExactlyOnce(emails);
  });

  it('accepts every join while Redis is away mid-burst and delivers each once when it returns with its data', async () => {
    await worker.start();
    const emails = await burst(addresses(BURST), async (sent) => {
      if (sent === 150) await redis.down();
      if (sent === 400) await redis.up();
    });
    await expectExactlyOnce(emails);
  });

  it('delivers each once when Redis comes back without its data (queued jobs forgotten)', async () => {
    await worker.start();
    const direct = new IORedis(6379, '127.0.0.1');
    try {
      const emails = await burst(addresses(BURST), async (sent) => {
        if (sent === 300) {
          await redis.down();
          // What a restart without persistence does to this app: every key of it is gone.
          const keys = await direct.keys(`${env.REDIS_PREFIX}:*`);
          if (keys.length) await direct.del(...keys);
          await redis.up();
        }
      });
      await expectExactlyOnce(emails);
    } finally {
      direct.disconnect();
    }
  });

  it("recovers by itself when Postgres drops the worker's connections", async () => {
    await worker.start();
    const emails = await burst(addresses(BURST), async (sent) => {
      if (sent === 250) {
        const [, terminated] = await dataSource.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'reliability-worker'`);
        expect(terminated ?? 1).toBeTruthy();
      }
    });
    await expectExactlyOnce(emails);
    await eventually(
      () => worker.health('/health/ready'),
      (h) => h.status === 200,
    );
  });

  it('turns unhealthy when work waits and no job completes, and healthy again when jobs flow', async () => {
    await worker.start();
    // Healthy once it works: work the earlier tests left may wait longer than this suite's 2 s
    // WORKER_STALL_SECONDS before a freshly started worker (slow to boot on a loaded machine)
    // completes its first job, and the probe rightly says so until it does.
    await eventually(
      () => worker.health('/health/live'),
      (h) => h.status === 200,
      20_000,
    );
    // Hold a lock every job needs (each records its event in processed_events first).
    const blocker = dataSource.createQueryRunner();
    await blocker.connect();
    await blocker.startTransaction();
    const emails = addresses(30);
    try {
      await blocker.query('LOCK TABLE processed_events IN ACCESS EXCLUSIVE MODE');
      await burst(emails);
      const stalled = await eventually(
        () => worker.health('/health/live'),
        (h) => h.status === 503,
        20_000,
      );
      expect(stalled.body).toMatchObject({ status: 'stalled', stalled: true });
      expect((await worker.health('/health/ready')).status).toBe(503);
      // The burst's jobs (a few batches) hold their slots, each stuck on the lock. The health check
      // may see the stall before the oldest of them has run a full second (on a busy machine the
      // worker takes its jobs late): the metrics are read until it has, and must then say so.
      const stuck = /worker_oldest_running_job_seconds [1-9]/;
      const readMetrics = () => fetch(`http://127.0.0.1:${worker.healthPort}/metrics`).then((response) => response.text());
      const metrics = await eventually(readMetrics, (text) => stuck.test(text), 10_000);
      expect(metrics).toMatch(stuck);
      expect(metrics).toMatch(/queue_jobs\{queue="waitlist.send-welcome-email",state="active"\} [1-9]/);
    } finally {
      await blocker.rollbackTransaction();
      await blocker.release();
    }
    await expectExactlyOnce(emails);
    await eventually(
      () => worker.health('/health/live'),
      (h) => h.status === 200,
    );
    expect((await worker.health('/health/ready')).status).toBe(200);
  });
});
