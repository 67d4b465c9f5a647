// One step of `npm run bench` run alone (`node scripts/bench/<step>.js`), in the setting bench.js
// gives it: the server built, a scratch database migrated, a Redis prefix of its own, all dropped
// afterwards, and the step's rows printed as a table. The step gets what bench.js passes it
// (root, env, port, startProcess, row) plus `scratchDatabase(name)`, the URL of another scratch
// database it may need (the bare-INSERT ceiling's), dropped with the rest.
const { spawn } = require('node:child_process');
const { join } = require('node:path');
const { Client } = require('pg');
const { root, deleteRedisKeys, ensureMachine, npmRun, stopChild } = require('../lib');

function runStandalone(name, portOffset, step) {
  (async () => {
    ensureMachine('postgres', 'redis');
    console.log(`Building the server... done in ${npmRun('build:server').toFixed(1)} s`);
    const run = Date.now().toString(36);
    const server = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const urlOf = (database) => Object.assign(new URL(server), { pathname: `/${database}` }).toString();
    const database = `swishly_bench_${name}_${run}`;
    const prefix = `bench-${name}-${run}`;
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      APP_SECRET: 'bench-secret-bench-secret-bench',
      DATABASE_URL: urlOf(database),
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'warn',
      WORKER_HEALTH_PORT: '0',
    };
    const children = [];
    const startProcess = (childName, args, childEnv) => {
      const child = spawn(process.execPath, args, { cwd: root, env: childEnv, stdio: ['ignore', 'ignore', 'inherit'] });
      child.name = childName;
      children.push(child);
      return child;
    };
    const scratch = [database];
    const pg = new Client({ connectionString: server });
    await pg.connect();
    const rows = [];
    try {
      // The migrations create the database first.
      const migrate = spawn(process.execPath, [join(root, 'dist/apps/worker/src/migrate.js')], { cwd: root, env, stdio: 'inherit' });
      await new Promise((resolve) => migrate.once('exit', resolve));
      const scratchDatabase = async (suffix) => {
        const other = `${database}_${suffix}`;
        await pg.query(`CREATE DATABASE "${other}"`);
        scratch.push(other);
        return urlOf(other);
      };
      const port = Number(process.env.BENCH_PORT ?? 3200) + portOffset;
      await step({ root, env, port, startProcess, row: (...r) => rows.push(r), scratchDatabase });
      for (const [what, measured, target, met] of rows) console.log(`${what} | ${measured} | ${target} | ${met ? 'yes' : 'NO'}`);
    } finally {
      await Promise.all(children.map((child) => stopChild(child)));
      for (const name of scratch) await pg.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
      await pg.end();
      await deleteRedisKeys(prefix);
    }
  })().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}

module.exports = { runStandalone };
