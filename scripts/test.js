#!/usr/bin/env node
// `npm test`: unit and integration tests (Jest, real Postgres and Redis), then a fresh build and
// the browser tests (Playwright in Debian's Chromium against the real API and worker).
const { spawnSync } = require('node:child_process');
const { existsSync } = require('node:fs');
const { root, npmRun } = require('./lib');

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`Chromium is needed for the browser tests and was not found at ${chromium}.`);
  console.error('Install it with: apt-get install -y chromium   (or set CHROMIUM_PATH)');
  process.exit(1);
}

run('npx', ['jest', '--ci']);
npmRun('build');
run('npx', ['playwright', 'test']);
