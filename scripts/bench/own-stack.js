// A bench step that runs on a database, a Redis prefix and a fake Resend of its own, beside the
// bench's (scripts/bench/launch.js, worker-drain.js): so that the bench's other members, worker
// and emails take no part. bench.js also drops `<database>_<name>` and `<prefix>-<name>` should a
// run be cut short.
const { spawnSync } = require('node:child_process');
const { Client } = require('pg');
const { startFakeResend } = require('../fake-resend');
const { deleteRedisKeys } = require('../lib');

/**
 * Creates and migrates `<database>_<name>`, starts a fake Resend, and answers the environment of
 * the step's processes (the API on `port`, the worker's health endpoint on `port + 1`) with
 * `resend` and `drop()`, which ends all of it.
 */
async function ownStack({ root, env, name, port, extraEnv = {} }) {
  const database = `${new URL(env.DATABASE_URL).pathname.slice(1)}_${name}`;
  const server = Object.assign(new URL(env.DATABASE_URL), { pathname: '/postgres' }).toString();
  const resend = await startFakeResend();
  const stackEnv = {
    ...env,
    DATABASE_URL: Object.assign(new URL(env.DATABASE_URL), { pathname: `/${database}` }).toString(),
    REDIS_PREFIX: `${env.REDIS_PREFIX}-${name}`,
    PORT: String(port),
    WORKER_HEALTH_PORT: String(port + 1),
    MIGRATE_ON_START: 'false',
    RESEND_API_KEY: 're_bench',
    RESEND_BASE_URL: resend.url,
    ...extraEnv,
  };
  const drop = async () => {
    resend.close();
    const pg = new Client({ connectionString: server });
    await pg.connect();
    await pg.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).catch(() => undefined);
    await pg.end();
    await deleteRedisKeys(stackEnv.REDIS_PREFIX);
  };
  // The migrations create the database first.
  const migrate = spawnSync(process.execPath, ['dist/apps/worker/src/migrate.js'], { cwd: root, env: stackEnv, encoding: 'utf8' });
  if (migrate.status !== 0) {
    await drop();
    throw new Error(`migrations failed: ${migrate.stderr}`);
  }
  return { env: stackEnv, resend, drop };
}

module.exports = { ownStack };
