#!/usr/bin/env node
// The server Playwright tests run against: API + worker on E2E_PORT with a fresh database and
// Redis prefix, removed again when Playwright stops it. Expects a build (scripts/test.js makes one).
const { Client } = require('pg');
const { spawnSync } = require('node:child_process');
const { rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { startFakeResend } = require('./fake-resend');
const { root, deleteRedisKeys, runProcesses } = require('./lib');
// The company, store listings and social profiles the tests expect to see (e2e/site-config.ts).
const SITE_SETTINGS = require('../e2e/site-settings.json');
// Where the fake Resend's address is written for the browser tests (e2e/fixtures/inbox.ts), by
// the site's port: outside test-results/, which Playwright empties when a run starts.
const inboxFile = (sitePort) => join(tmpdir(), `swishly-e2e-inbox-${sitePort}`);

// The admin every browser test signs in as, one whose password a test resets and changes, one
// that turns two-step sign-in on and one that must set it up (e2e/two-step-sign-in.spec.ts).
const E2E_ADMINS = [
  { email: 'admin@swishly.test', password: 'Court-Vision-42' },
  { email: 'reset@swishly.test', password: 'Court-Vision-42' },
  { email: 'two-step@swishly.test', password: 'Court-Vision-42' },
  { email: 'passkey@swishly.test', password: 'Court-Vision-42' },
  { email: 'passkey-required@swishly.test', password: 'Court-Vision-42' },
  { email: 'two-step-required@swishly.test', password: 'Court-Vision-42' },
];

const run = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const database = `swishly_e2e_${run}`;
const server = process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseUrl = new URL(server);
databaseUrl.pathname = `/${database}`;
const port = process.env.E2E_PORT ?? '3100';

const env = {
  ...process.env,
  ...SITE_SETTINGS,
  // Not development: no sample testimonials or founders, as visitors see it.
  NODE_ENV: 'test',
  PORT: port,
  WORKER_HEALTH_PORT: '0', // any free port: a running `npm start` may hold the default
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  // Passkeys need a domain (a browser refuses an IP address as their relying party): the passkey test opens the admin at localhost.
  PASSKEY_ORIGIN: `http://localhost:${port}`,
  DATABASE_URL: databaseUrl.toString(),
  REDIS_PREFIX: `e2e-${run}`,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // Every browser test comes from 127.0.0.1: the per-IP form limit would refuse real joins.
  PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '100000',
  // Browser tests sign in many times from 127.0.0.1; 'Login failed' tests use made-up accounts.
  ADMIN_LOGIN_MAX_FAILURES_PER_IP: '100000',
  // The token e2e/shot-flows.spec.ts records shot analyses with (POST /api/shots).
  SHOTS_INGEST_TOKEN: 'e2e-shots-ingest-token',
  // Both projects chat from 127.0.0.1 at once; the per-code limit still holds per test.
  CHAT_RATE_LIMIT_PER_IP_PER_MINUTE: '1000',
  // Every page of every test tracks from 127.0.0.1.
  ANALYTICS_RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
  // The built-in coach, whatever the machine has set: browser tests never reach a real model.
  OPENAI_API_KEY: '',
  // Webhook endpoints point at a receiver the test starts on loopback (http, a private address),
  // and a delivery sent again goes out at the next retry pass: within a second, not five.
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  WEBHOOK_RETRY_POLL_MS: '1000',
};

async function dropDatabase() {
  const client = new Client({ connectionString: server });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).finally(() => client.end());
}

// Resend on loopback: it refuses addresses at bounce.test (422, as Resend refuses a bad
// address), so a browser test can make a failed email and send it again.
// It keeps what it sent for the tests that follow an emailed link (e2e/fixtures/inbox.ts reads
// its address from INBOX_FILE): the mail log hides a link's secret from staff.
startFakeResend({ refuse: (to) => to.endsWith('@bounce.test'), keep: 5000 }).then((provider) => {
  env.RESEND_API_KEY = 're_e2e';
  env.RESEND_BASE_URL = provider.url;
  writeFileSync(inboxFile(port), provider.url);
  start();
});

function start() {
  // admin:create also creates and migrates the database.
  for (const admin of E2E_ADMINS) {
    const created = spawnSync(process.execPath, [join(root, 'dist/apps/worker/src/admin-create.js'), '--email', admin.email, '--password', admin.password], {
      cwd: root,
      env,
      stdio: 'inherit',
    });
    if (created.status !== 0) process.exit(created.status ?? 1);
  }

  // Both create the database if missing and migrate under an advisory lock, so they can start together.
  runProcesses(['api', 'worker'], env);
  let exiting = false;
  process.on('all-stopped', async (code) => {
    if (exiting) return;
    exiting = true;
    await dropDatabase().catch((error) => console.error(`Could not drop ${database}: ${error.message}`));
    await deleteRedisKeys(env.REDIS_PREFIX).catch((error) => console.error(`Could not delete the Redis keys: ${error.message}`));
    rmSync(inboxFile(port), { force: true });
    process.exit(code);
  });
}
