#!/usr/bin/env node
// `npm test`: the linter (with the import boundaries) and the type checker, then unit and integration tests (Jest, real Postgres and Redis), then a build (when the sources changed) and
// the browser tests (Playwright in Debian's Chromium against the real API and worker).
const { spawnSync } = require('node:child_process');
const { root, buildWhatIsMissing, ensureMachine } = require('./lib');

// Redocly's CLI would otherwise try to reach the network (telemetry, update notice).
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Postgres and Redis started, Chromium installed, when missing (scripts/machine.sh).
ensureMachine('postgres', 'redis', 'chromium');

run('npx', ['eslint', '.']);
run('node', ['scripts/audit.js']); // no high or critical advisory in production dependencies
// The API contract: openapi.json passes the OpenAPI linter and the frontend's types are generated
// from it (test/api-contract.spec.ts checks that openapi.json is what the API serves).
run('npx', ['redocly', 'lint', 'openapi.json']);
run('npx', ['openapi-typescript', 'openapi.json', '-o', 'frontend/src/lib/api-types.ts', '--alphabetize', '--default-non-nullable', 'false', '--check']);
run('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']); // also checks the type-level tests (@ts-expect-error)
run('npm', ['run', 'typecheck', '-w', 'frontend']);
run('npx', ['tsc', '-p', 'e2e/tsconfig.json']); // the browser tests: Playwright runs them without a type check
run('npx', ['jest', '--ci']);
buildWhatIsMissing(); // the browser tests run against the production build
run('npx', ['playwright', 'test']);
