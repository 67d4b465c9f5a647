#!/usr/bin/env node
// `npm test`: the linter (with the import boundaries) and the type checker, then unit and integration tests (Jest, real Postgres and Redis), then a build (when the sources changed) and
// the browser tests (Playwright in Debian's Chromium against the real API and worker). It ends
// with a table of its stages, their durations and test counts, so a stage that grows is seen
// the day it does.
const { spawnSync } = require('node:child_process');
const { existsSync, mkdirSync, readFileSync, rmSync } = require('node:fs');
const { join } = require('node:path');
const { root, ensureMachine } = require('./lib');

// Redocly's CLI would otherwise try to reach the network (telemetry, update notice).
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

// Where Jest and Playwright write their summaries for the closing table.
const reports = join(root, 'test-results', 'npm-test');
const JEST_REPORT = join(reports, 'jest.json');
const PLAYWRIGHT_REPORT = join(reports, 'playwright.json');

/** @type {{ stage: string, seconds: number, tests: string }[]} */
const stages = [];

/** Runs one stage's commands in order, timed as one row of the table; a failing command ends `npm test`. */
function stage(name, commands, tests = () => '') {
  const started = Date.now();
  for (const [command, args, extraEnv] of commands) {
    const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...env, ...extraEnv } });
    if (result.status !== 0) {
      stages.push({ stage: `${name} (failed)`, seconds: (Date.now() - started) / 1000, tests: '' });
      printTable();
      process.exit(result.status ?? 1);
    }
  }
  stages.push({ stage: name, seconds: (Date.now() - started) / 1000, tests: tests() });
}

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

function jestCounts() {
  const report = readJson(JEST_REPORT);
  if (!report) return '';
  return `${report.numPassedTests} passed, ${report.numFailedTests} failed (${report.numTotalTestSuites} files)`;
}

function playwrightCounts() {
  const report = readJson(PLAYWRIGHT_REPORT);
  if (!report) return '';
  const { expected, unexpected, flaky, skipped } = report.stats;
  // Distinct scenarios: one test title, whichever projects (widths) it ran in.
  const titles = new Set();
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) titles.add(`${spec.file} › ${[...path, spec.title].join(' › ')}`);
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return `${expected} passed, ${unexpected} failed, ${flaky} flaky, ${skipped} skipped (${titles.size} scenarios)`;
}

function printTable() {
  const total = stages.reduce((sum, row) => sum + row.seconds, 0);
  const rows = [...stages.map((row) => [row.stage, `${row.seconds.toFixed(0)} s`, row.tests]), ['total', `${total.toFixed(0)} s`, '']];
  const widths = [0, 1].map((column) => Math.max(...rows.map((row) => row[column].length)));
  console.log('\nnpm test, stage by stage:');
  for (const [name, seconds, tests] of rows) console.log(`  ${name.padEnd(widths[0])}  ${seconds.padStart(widths[1])}  ${tests}`);
}

// Postgres and Redis started, Chromium installed, when missing (scripts/machine.sh).
ensureMachine('postgres', 'redis', 'chromium');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

stage('lint', [
  ['npx', ['eslint', '.']],
  ['node', ['scripts/audit.js']], // no high or critical advisory in production dependencies
  // The API contract: openapi.json passes the OpenAPI linter and the frontend's types are generated
  // from it (test/api-contract.spec.ts checks that openapi.json is what the API serves).
  ['npx', ['redocly', 'lint', 'openapi.json']],
  ['npx', ['openapi-typescript', 'openapi.json', '-o', 'frontend/src/lib/api-types.ts', '--alphabetize', '--default-non-nullable', 'false', '--check']],
]);
stage('typecheck', [
  ['npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']], // also checks the type-level tests (@ts-expect-error)
  ['npm', ['run', 'typecheck', '-w', 'frontend']],
  ['npx', ['tsc', '-p', 'e2e/tsconfig.json']], // the browser tests: Playwright runs them without a type check
]);
stage('jest', [['npx', ['jest', '--ci', '--json', `--outputFile=${JEST_REPORT}`]]], jestCounts);
stage('build', [['node', ['-e', "require('./scripts/lib').buildWhatIsMissing()"]]]); // the browser tests run against the production build
stage('playwright', [['npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_FILE: PLAYWRIGHT_REPORT }]], playwrightCounts);
printTable();
