#!/usr/bin/env node
// One worker replica's drain rate, the figure k8s/worker-scaledobject.yaml scales on, and what
// one API and one worker use (CPU, memory), the figures k8s/*-deployment.yaml request:
// 1. the API alone (no worker) takes BENCH_DRAIN_JOINS joins at 50 connections and relays their
//    events into the queues: the backlog a launch-day burst leaves when the workers lag behind;
// 2. one worker starts and drains it: jobs per second (KEDA counts waiting jobs) and joins per
//    second, the end being every welcome email at the provider (Resend on loopback) and no job
//    waiting, active or delayed in any queue, from the worker's start (its boot included);
// 3. the ceiling of the same run: a bare BullMQ worker at the same concurrency doing one INSERT
//    per job, on as many jobs.
// Each process's CPU (cores: CPU seconds over wall seconds, the API's while it took the joins, the
// worker's over the drain, its boot included) and peak memory (VmHWM) are printed
// under the table. Part of `npm run bench` (scripts/bench.js); alone: `node scripts/bench/worker-drain.js`.
const autocannon = require('autocannon');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { Queue, Worker } = require('bullmq');
const IORedis = require('ioredis');
const { Client, Pool } = require('pg');
const { deleteRedisKeys, sleep, stopChild, waitFor } = require('../lib');
const { cpuSnapshot } = require('./cpu');
const { ownStack } = require('./own-stack');

const JOINS = Number(process.env.BENCH_DRAIN_JOINS ?? 5000);
const fmt = (n) => Math.round(n).toLocaleString('en');

/** Peak resident memory of a process so far, in MiB (VmHWM; null without /proc). */
function peakMiB(pid) {
  try {
    const kib = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kib ? Number(kib[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Per queue under `prefix`: its jobs waiting, active or delayed, and its completed ones; and their sums. */
async function queueDepth(redis, prefix) {
  const names = (await redis.keys(`${prefix}:*:meta`)).map((key) => key.slice(prefix.length + 1, -':meta'.length));
  const queues = {};
  for (const name of names) {
    const key = (part) => `${prefix}:${name}:${part}`;
    const [wait, active, delayed, done] = await Promise.all([
      redis.llen(key('wait')),
      redis.llen(key('active')),
      redis.zcard(key('delayed')),
      redis.zcard(key('completed')),
    ]);
    queues[name] = { pending: wait + active + delayed, completed: done };
  }
  const sum = (field) => Object.values(queues).reduce((total, queue) => total + queue[field], 0);
  return { queues, pending: sum('pending'), completed: sum('completed') };
}

/** Jobs per second of a bare BullMQ worker (one INSERT each) on `jobs` jobs, at `concurrency`. */
async function bareWorkerCeiling(env, jobs, concurrency) {
  const prefix = `${env.REDIS_PREFIX}-ceiling`;
  const connection = new IORedis(env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
  const pool = new Pool({ connectionString: env.DATABASE_URL, max: concurrency });
  await pool.query('CREATE TABLE IF NOT EXISTS bench_ceiling_jobs (n int NOT NULL, at timestamptz NOT NULL DEFAULT now())');
  const queue = new Queue('ceiling', { connection, prefix });
  try {
    for (let i = 0; i < jobs; i += 1000) {
      await queue.addBulk(
        Array.from({ length: Math.min(1000, jobs - i) }, (_, j) => ({ name: 'insert', data: { n: i + j }, opts: { removeOnComplete: true } })),
      );
    }
    const started = Date.now();
    let done = 0;
    const worker = new Worker('ceiling', async (job) => pool.query('INSERT INTO bench_ceiling_jobs (n) VALUES ($1)', [job.data.n]), {
      connection: connection.duplicate(),
      prefix,
      concurrency,
    });
    await new Promise((resolve) => worker.on('completed', () => ++done === jobs && resolve()));
    const seconds = (Date.now() - started) / 1000;
    await worker.close();
    return jobs / seconds;
  } finally {
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    await pool.end();
    connection.disconnect();
  }
}

async function benchWorkerDrain({ root, env, port, startProcess, row }) {
  // Its own database, Redis prefix and fake Resend (scripts/bench/own-stack.js).
  const { env: drainEnv, resend, drop } = await ownStack({ root, env, name: 'drain', port, extraEnv: { PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '100000000' } });
  const redis = new IORedis(drainEnv.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const db = new Client({ connectionString: drainEnv.DATABASE_URL });
  const children = [];
  try {
    await db.connect();
    const api = startProcess('api-drain', [join(root, 'dist/apps/api/src/main.js')], drainEnv);
    children.push(api);
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/health/ready`);

    // 1. The backlog: joins with no worker running, until the outbox has handed every event on.
    let n = 0;
    const apiBefore = { cpu: cpuSnapshot({ api: api.pid }), at: Date.now() };
    const joins = await autocannon({
      url: base,
      connections: 50,
      amount: JOINS,
      requests: [
        {
          method: 'POST',
          path: '/api/waitlist',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => ({ ...req, body: JSON.stringify({ first_name: 'Drain', email: `drain-${++n}@bench.test`, role: null, referrerCode: null }) }),
        },
      ],
    });
    const joinSeconds = (Date.now() - apiBefore.at) / 1000;
    const apiCores = apiBefore.cpu ? (cpuSnapshot({ api: api.pid }).api - apiBefore.cpu.api) / joinSeconds : null;
    const outboxPending = async () => (await db.query('SELECT count(*)::int AS n FROM outbox WHERE dispatched_at IS NULL')).rows[0].n;
    while ((await outboxPending()) > 0) await sleep(100);
    const backlog = await queueDepth(redis, drainEnv.REDIS_PREFIX);
    const accepted = joins['2xx'];

    // 2. One worker drains it; timed from its start, so its boot counts.
    const started = Date.now();
    const worker = startProcess('worker-drain', [join(root, 'dist/apps/worker/src/main.js')], drainEnv);
    children.push(worker);
    const workerCpuBefore = cpuSnapshot({ worker: worker.pid });
    let bootSeconds = NaN;
    waitFor(`http://127.0.0.1:${port + 1}/health/live`).then(
      () => (bootSeconds = (Date.now() - started) / 1000),
      () => undefined,
    );
    const sent = () => resend.stats().sent;
    let depth = backlog;
    // When each queue's backlog was gone: KEDA asks for replicas per queue, so the slowest queue's rate sets listLength.
    const emptied = {};
    while ((sent() < accepted || depth.pending > 0) && Date.now() - started < 600_000) {
      await sleep(100);
      depth = await queueDepth(redis, drainEnv.REDIS_PREFIX);
      for (const [name, queue] of Object.entries(depth.queues)) if (queue.pending === 0 && !emptied[name]) emptied[name] = (Date.now() - started) / 1000;
    }
    const seconds = (Date.now() - started) / 1000;
    const workerCores = workerCpuBefore ? (cpuSnapshot({ worker: worker.pid }).worker - workerCpuBefore.worker) / seconds : null;
    const jobs = depth.completed - backlog.completed;
    const memory = { api: peakMiB(api.pid), worker: peakMiB(worker.pid) };

    // 3. The ceiling: as many one-INSERT jobs through a bare BullMQ worker.
    const ceiling = await bareWorkerCeiling(drainEnv, Math.max(jobs, 1000), Number(drainEnv.WORKER_CONCURRENCY ?? 8));

    const jobRate = jobs / seconds;
    const perQueue = Object.entries(backlog.queues)
      .filter(([, queue]) => queue.pending > 0)
      .map(([name, queue]) => ({ name, jobs: queue.pending, seconds: emptied[name] ?? seconds, rate: queue.pending / (emptied[name] ?? seconds) }))
      .sort((a, b) => a.rate - b.rate);
    for (const queue of perQueue)
      console.log(`  ${queue.name}: ${queue.jobs} jobs waiting, drained in ${queue.seconds.toFixed(1)} s = ${queue.rate.toFixed(1)} jobs/s`);
    const slowest = perQueue[0];
    row(
      `one worker replica drains a backlog of ${fmt(accepted)} joins`,
      `${fmt(jobs)} jobs in ${seconds.toFixed(1)} s (${bootSeconds.toFixed(1)} s of it booting) = ${jobRate.toFixed(0)} jobs/s, ${(accepted / seconds).toFixed(0)} joins/s (${sent()}/${accepted} welcome emails) | bare BullMQ worker, 1 INSERT per job: ${ceiling.toFixed(0)} jobs/s`,
      `all sent; slowest queue ${slowest ? `${slowest.name} ${slowest.rate.toFixed(1)} jobs/s (its rate x 5 s: listLength)` : 'n/a'}`,
      sent() >= accepted && depth.pending === 0,
    );
    const cores = (c) => (c === null ? 'n/a' : `${c.toFixed(2)} cores`);
    const mib = (m) => (m === null ? 'n/a' : `${m.toFixed(0)} MiB`);
    console.log(`API at 50 connections, ${(accepted / joinSeconds).toFixed(0)} joins/s: ${cores(apiCores)}, peak ${mib(memory.api)}`);
    console.log(`worker draining: ${cores(workerCores)}, peak ${mib(memory.worker)}; backlog ${fmt(backlog.pending)} jobs waiting for ${fmt(accepted)} joins`);
    return { jobRate, joinRate: accepted / seconds, bootSeconds, perQueue, ceiling, apiCores, workerCores, memory };
  } finally {
    await Promise.all(children.map((child) => stopChild(child)));
    await db.end().catch(() => undefined);
    redis.disconnect();
    await drop();
    await deleteRedisKeys(`${drainEnv.REDIS_PREFIX}-ceiling`);
  }
}

module.exports = { benchWorkerDrain };

if (require.main === module) require('./standalone').runStandalone('drain', 60, benchWorkerDrain);
