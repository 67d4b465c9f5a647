#!/usr/bin/env node
// `npm test`: the linter (with the import boundaries) and the type checker, then unit and integration tests (Jest, real Postgres and Redis), then a build (when the sources changed) and
// the browser tests (Playwright in Debian's Chromium against the real API and worker).
const { spawnSync } = require('node:child_process');
const { root, buildWhatIsMissing, ensureMachine } = require('./lib');

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Postgres and Redis started, Chromium installed, when missing (scripts/machine.sh).
ensureMachine('postgres', 'redis', 'chromium');

run('npx', ['eslint', '.']);
run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']); // also checks the type-level tests (@ts-expect-error)
run('npm', ['run', 'typecheck', '-w', 'frontend']);
run('npx', ['jest', '--ci']);
buildWhatIsMissing(); // the browser tests run against the production build
run('npx', ['playwright', 'test']);
