#!/usr/bin/env node
// Step 2 of `npm run bench` run alone (`node scripts/bench/joins.js`): the bare-INSERT ceiling,
// then POST /api/waitlist at 50 connections with the worker running and Resend on loopback, each
// process's CPU time per join, and the time until every welcome email has left. For trying a
// change to the join path or the worker without the whole bench. BENCH_CPU_PROF=<dir> writes a
// CPU profile of the API and the worker there (node --cpu-prof), to see where a join's time goes.
const autocannon = require('autocannon');
const { Client } = require('pg');
const { startFakeResend } = require('../fake-resend');
const { sleep, waitFor } = require('../lib');
const { measureCeiling } = require('./ceiling');
const { cpuPerRequest, cpuSnapshot } = require('./cpu');
const { runStandalone } = require('./standalone');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** Postgres transactions and Redis commands between now and `per(requests)`, per request. */
async function roundTrips(db) {
  const IORedis = require('ioredis');
  const redis = new IORedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const read = async () => {
    const [pg] = (await db.query('SELECT xact_commit + xact_rollback AS xacts FROM pg_stat_database WHERE datname = current_database()')).rows;
    const commands = Object.fromEntries([...(await redis.info('commandstats')).matchAll(/cmdstat_([\w|]+):calls=(\d+)/g)].map((m) => [m[1], Number(m[2])]));
    return { xacts: Number(pg.xacts), commands };
  };
  const start = await read();
  return {
    per: async (requests) => {
      const end = await read();
      redis.disconnect();
      const commands = Object.entries(end.commands)
        .map(([name, calls]) => [name, (calls - (start.commands[name] ?? 0)) / requests])
        .filter(([, n]) => n >= 0.01)
        .sort((a, b) => b[1] - a[1]);
      const total = commands.reduce((sum, [, n]) => sum + n, 0);
      return `${((end.xacts - start.xacts) / requests).toFixed(2)} Postgres transactions, ${total.toFixed(2)} Redis commands (${commands.map(([name, n]) => `${name} ${n.toFixed(2)}`).join(', ')})`;
    },
  };
}

runStandalone('joins', 0, async ({ root, env, port, startProcess, row, scratchDatabase }) => {
  const bare = await measureCeiling(port + 1, await scratchDatabase('ceiling'), SECONDS);
  const resend = await startFakeResend();
  try {
    const appEnv = { ...env, PORT: String(port), PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '100000000', RESEND_API_KEY: 're_bench', RESEND_BASE_URL: resend.url };
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const api = startProcess('api', [...profile, `${root}/dist/apps/api/src/main.js`], appEnv);
    const worker = startProcess('worker', [...profile, `${root}/dist/apps/worker/src/main.js`], appEnv);
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/health/ready`);
    let n = 0;
    const join = (tag) => ({
      method: 'POST',
      path: '/api/waitlist',
      headers: { 'content-type': 'application/json' },
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ first_name: 'Bench', email: `${tag}-${++n}@bench.test`, role: null, referrerCode: null }) }),
    });
    await autocannon({ url: base, connections: 50, duration: 2, requests: [join('warm')] });
    const db = new Client({ connectionString: env.DATABASE_URL });
    await db.connect();
    const trips = await roundTrips(db);
    const before = cpuSnapshot({ api: api.pid, worker: worker.pid });
    const joins = await autocannon({ url: base, connections: 50, duration: SECONDS, requests: [join('rate')] });
    const cpu = cpuPerRequest(before, cpuSnapshot({ api: api.pid, worker: worker.pid }), joins.requests.total);
    const perJoin = await trips.per(joins.requests.total);
    const ended = Date.now();
    const sent = async () => (await db.query(`SELECT count(*)::int AS n FROM mail_log WHERE status = 'sent' AND to_address LIKE 'rate-%'`)).rows[0].n;
    while ((await sent()) < joins['2xx'] && Date.now() - ended < 120_000) await sleep(100);
    const drained = (Date.now() - ended) / 1000;
    const emails = await sent();
    await db.end();
    const ratio = joins.requests.average / bare.requests.average;
    console.log(`ceiling: ${bare.cpu}`);
    console.log(`join:    ${cpu}`);
    console.log(`per join: ${perJoin}`);
    row(
      'POST /api/waitlist, 50 conn., worker running',
      `${joins.requests.average.toFixed(0)}/s = ${ratio.toFixed(2)} x ceiling ${bare.requests.average.toFixed(0)}/s, p50 ${joins.latency.p50} ms, p99 ${joins.latency.p99} ms, ${joins.non2xx + joins.errors} not 201`,
      '>= 0.5 x ceiling, p99 < 50 ms',
      ratio >= 0.5 && joins.latency.p99 < 50,
    );
    const provider = resend.stats();
    row(
      '  its welcome emails',
      `${emails}/${joins['2xx']} sent, ${drained.toFixed(1)} s after the run (${provider.sent} emails in ${provider.requests} provider calls, warm-up included)`,
      'all',
      emails >= joins['2xx'],
    );
  } finally {
    resend.close();
  }
});
