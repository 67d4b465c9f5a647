import { Logger } from '@nestjs/common';
import { MetricsService, ScheduledWork } from '@swishly/platform';
import { Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { createTestDatabase } from './utils/database';
import { TcpProxy } from './utils/tcp-proxy';

/**
 * ScheduledWork on its own: replicas (each with its own pool, as processes have) share the
 * ticks, a failed run leaves the clock going, and a shutdown waits for the run under way.
 * test/scale-out.spec.ts does the same with real worker processes.
 */
describe('ScheduledWork', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  const pools: DataSource[] = [];
  const replicas: ScheduledWork[] = [];

  const replica = async () => {
    const pool = await new DataSource({ type: 'postgres', url: db.url, extra: { max: 2 } }).initialize();
    pools.push(pool);
    const scheduled = new ScheduledWork(pool, { registry: new Registry() } as unknown as MetricsService);
    replicas.push(scheduled);
    return scheduled;
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  beforeAll(async () => {
    Logger.overrideLogger(false); // the failing run's warnings
    db = await createTestDatabase();
  });

  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.beforeApplicationShutdown()));
    await Promise.all(pools.map((p) => p.destroy()));
    await db?.drop();
  });

  it('runs once per tick across three replicas, each tick claimed by one of them', async () => {
    const EVERY = 200;
    const runs: number[] = [];
    const started = Date.now();
    for (const scheduled of [await replica(), await replica(), await replica()]) {
      scheduled.every('shared', EVERY, async () => void runs.push(Date.now()));
    }
    await sleep(3000);
    const ticks = (Date.now() - started) / EVERY;
    // Stopped (a shutdown waits for the run under way), so the last run has recorded its end before the count.
    await Promise.all(replicas.map((r) => r.beforeApplicationShutdown()));
    // Three replicas running each tick would make three times the ticks.
    expect(runs.length).toBeLessThanOrEqual(Math.ceil(ticks) + 1);
    expect(runs.length).toBeGreaterThanOrEqual(Math.floor(ticks / 2));
    const [row] = await pools[0].query(
      `SELECT count(*)::int AS n, count(DISTINCT tick)::int AS ticks, count(finished_at)::int AS finished FROM scheduled_ticks WHERE work = 'shared'`,
    );
    expect(row).toEqual({ n: runs.length, ticks: runs.length, finished: runs.length });
  });

  it('keeps the clock going after a run fails, and records the failed tick as unfinished', async () => {
    const scheduled = await replica();
    let attempts = 0;
    scheduled.every('failing', 150, async () => {
      attempts++;
      throw new Error('the database said no');
    });
    await sleep(1000);
    expect(attempts).toBeGreaterThanOrEqual(3);
    const [row] = await pools[0].query(`SELECT count(*)::int AS n, count(finished_at)::int AS finished FROM scheduled_ticks WHERE work = 'failing'`);
    expect(row).toEqual({ n: attempts, finished: 0 });
  });

  it('pauses while Postgres is away and goes on when it is back', async () => {
    const proxy = new TcpProxy('127.0.0.1', 5432);
    await proxy.up();
    const url = new URL(db.url);
    url.port = String(proxy.port);
    const pool = await new DataSource({ type: 'postgres', url: url.toString(), extra: { max: 2, connectionTimeoutMillis: 500 } }).initialize();
    pools.push(pool);
    const scheduled = new ScheduledWork(pool, { registry: new Registry() } as unknown as MetricsService);
    replicas.push(scheduled);
    let runs = 0;
    scheduled.every('through-an-outage', 150, async () => void runs++);
    await sleep(600);
    expect(runs).toBeGreaterThan(0);
    await proxy.down();
    await sleep(300);
    const during = runs;
    await sleep(1000);
    expect(runs).toBe(during); // no tick claimed, so none run
    await proxy.up();
    await sleep(1500);
    expect(runs).toBeGreaterThan(during);
    await proxy.down();
  });

  it('waits on shutdown for the run under way, and starts no other', async () => {
    const scheduled = await replica();
    let finished = 0;
    let startedRuns = 0;
    scheduled.every('slow', 100, async () => {
      startedRuns++;
      await sleep(400);
      finished++;
    });
    await sleep(150);
    expect(startedRuns).toBe(1);
    await scheduled.beforeApplicationShutdown();
    expect(finished).toBe(1);
    await sleep(300);
    expect(startedRuns).toBe(1);
  });
});
