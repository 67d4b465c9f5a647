#!/usr/bin/env node
// A CSV import of 100,000 members, end to end: the request (text/csv), then the worker reading the
// file and adding the rows a chunk per transaction, until the import reports itself done. A fifth
// of the rows are confirmed on a double opt-in list and every tenth names the row before it as
// its referrer, so confirmations and referrals are in the figure. Part of `npm run bench`
// (scripts/bench.js); alone: `node scripts/bench/import.js`.
const { join } = require('node:path');
const { Client } = require('pg');
const { sleep, stopChild, waitFor } = require('../lib');
const { signInAdmin } = require('./admin-session');

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const TARGET_SECONDS = 60;
const ADMIN = { email: 'import-bench@swishly.test', password: 'Court-Vision-42' };

function csvOf(rows) {
  const lines = ['email,first_name,confirmed,referred_by'];
  for (let i = 1; i <= rows; i++) lines.push(`imported-${i}@bench.test,Member ${i},${i % 5 === 0},${i % 10 === 0 ? `imported-${i - 1}@bench.test` : ''}`);
  return `${lines.join('\r\n')}\r\n`;
}

async function benchImport({ root, env, port, startProcess, row }) {
  const base = `http://127.0.0.1:${port}`;
  const childEnv = { ...env, PORT: String(port), WORKER_HEALTH_PORT: '0' };
  const api = startProcess('api-import', [join(root, 'dist/apps/api/src/main.js')], childEnv);
  const worker = startProcess(
    'worker-import',
    [...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []), join(root, 'dist/apps/worker/src/main.js')],
    { ...childEnv, MIGRATE_ON_START: 'false' },
  );
  const pg = new Client({ connectionString: env.DATABASE_URL });
  try {
    await waitFor(`${base}/health/ready`);
    await pg.connect();
    const headers = await signInAdmin({ root, env, base, admin: ADMIN });
    const csv = csvOf(ROWS);
    const started = Date.now();
    const response = await fetch(`${base}/api/admin/waitlist/import?doubleOptIn=true`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/csv' },
      body: csv,
    });
    if (response.status !== 202) throw new Error(`import request answered ${response.status}: ${await response.text()}`);
    const accepted = (Date.now() - started) / 1000;
    const { id } = await response.json();
    let progress;
    for (;;) {
      progress = await (await fetch(`${base}/api/admin/waitlist/import/${id}`, { headers })).json();
      if (progress.status === 'done' || progress.status === 'failed') break;
      await sleep(100);
    }
    const seconds = (Date.now() - started) / 1000;
    const [{ members }] = (await pg.query('SELECT count(*)::int AS members FROM waitlist_entries')).rows;
    const rate = Math.round(ROWS / seconds);
    const size = `${(Buffer.byteLength(csv) / 1024 / 1024).toFixed(1)} MB`;
    console.log(
      `CSV import of ${ROWS.toLocaleString('en')} rows (${size}): ${seconds.toFixed(1)} s (${rate.toLocaleString('en')} rows/s), request answered in ${accepted.toFixed(2)} s; ` +
        `${progress.status}, ${progress.imported.toLocaleString('en')} imported, ${members.toLocaleString('en')} members on the list`,
    );
    row(
      `CSV import of ${ROWS.toLocaleString('en')} rows, request to worker done (${rate.toLocaleString('en')} rows/s)`,
      `${seconds.toFixed(1)} s`,
      `<= ${TARGET_SECONDS} s`,
      progress.status === 'done' && progress.imported === ROWS && members === ROWS && seconds <= TARGET_SECONDS,
    );
  } finally {
    await pg.end().catch(() => undefined);
    await stopChild(worker);
    await stopChild(api);
  }
}

module.exports = { benchImport };

/** Alone: a scratch database (migrated first), an API and a worker, the figures. */
if (require.main === module) require('./standalone').runStandalone('import', 70, benchImport);
