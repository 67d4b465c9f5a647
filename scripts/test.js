#!/usr/bin/env node
// `npm test`: the linter (with the import boundaries), the type checker, the unit and integration
// tests (Jest, real Postgres and Redis), a build (when the sources changed), the browser tests
// (Playwright in Debian's Chromium against the real API and worker), then the suites that time
// processes against bounds of seconds. Jest runs first with the static checks and the build
// `nice`d beside it (they take the CPU Jest leaves while it waits on Postgres, Redis and timers);
// the browser tests run next, on the two cores alone. Side by side with Jest, at load averages near
// 20, the whole took 30 minutes and longer and failed on timing bounds of minutes; one after the
// other, its stages add up to about 20 (measured each alone on a fresh clone: Jest 324 s,
// Playwright 608 s, the process suites 164 s, the checks and the build 116 s).
// Every line of a stage's output is printed with its stage's name. It ends with a table of the
// stages, their durations and test counts, so a stage that grows is seen the day it does.
const { spawn } = require('node:child_process');
const { existsSync, mkdirSync, readFileSync, rmSync } = require('node:fs');
const { join } = require('node:path');
const { createInterface } = require('node:readline');
const { root, ensureMachine } = require('./lib');

// Redocly's CLI would otherwise try to reach the network (telemetry, update notice); colours
// survive the pipe that prefixes each line when npm test itself writes to a terminal.
const env = {
  ...process.env,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {}),
};

// Where Jest and Playwright write their summaries for the closing table: outside test-results/,
// which Playwright empties when it starts.
const reports = join(root, 'test-reports');
const JEST_REPORT = join(reports, 'jest.json');
const JEST_ALONE_REPORT = join(reports, 'jest-alone.json');
/**
 * Suites that time worker and API processes against bounds of seconds (a SIGTERM within
 * SHUTDOWN_TIMEOUT_MS, recovery after Redis or Postgres goes away, four processes each started
 * within 90 s, a SIGKILLed worker finishing a launch), or that play the coach's whole eval
 * through a process of its own: they run after the other stages, on cores of their own, not
 * while every other stage is busy on the same two. Beside them, at load averages near 20, the
 * scale-out suite's API missed its 90 s start, the launch suite's 300 admissions and the
 * model-path eval (35 s alone) each ran past bounds of minutes.
 */
const RUN_ALONE = ['test/worker-reliability.spec.ts', 'test/scale-out.spec.ts', 'test/launch-reliability.spec.ts', 'test/coach-eval.spec.ts'];
const PLAYWRIGHT_REPORT = join(reports, 'playwright.json');

/** @type {{ stage: string, seconds: number, tests: string }[]} */
const stages = [];
const started = Date.now();
const running = new Set();

/**
 * Runs one command, its output line by line behind the stage's name; resolves with its exit code.
 * A stage off the critical path runs `nice`d: it takes only the CPU the build and the browser
 * tests leave.
 */
function run(name, [command, args, extraEnv], { nice = false } = {}) {
  return new Promise((resolve) => {
    const [file, argv] = nice ? ['nice', ['-n', '10', command, ...args]] : [command, args];
    const child = spawn(file, argv, { cwd: root, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    const label = `${name.padEnd(10)} │ `;
    createInterface({ input: child.stdout }).on('line', (line) => process.stdout.write(`${label}${line}\n`));
    createInterface({ input: child.stderr }).on('line', (line) => process.stderr.write(`${label}${line}\n`));
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** Runs one stage's commands in order, timed as one row of the table; resolves false when one fails. */
async function stage(name, commands, { tests = () => '', nice = false } = {}) {
  const stageStarted = Date.now();
  for (const command of commands) {
    if ((await run(name, command, { nice })) !== 0) {
      stages.push({ stage: `${name} (failed)`, seconds: (Date.now() - stageStarted) / 1000, tests: tests() });
      return false;
    }
  }
  stages.push({ stage: name, seconds: (Date.now() - stageStarted) / 1000, tests: tests() });
  return true;
}

/** Stages side by side; each runs to its end even when another fails, so one run reports every failure. */
async function together(...stagesUnderWay) {
  return (await Promise.all(stagesUnderWay)).every(Boolean);
}

function readJson(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
}

function jestCounts(path = JEST_REPORT) {
  const report = readJson(path);
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

/** The five slowest Jest files and browser tests of this run, so the next one that grows is seen the day it does. */
function slowest() {
  const jest = [JEST_REPORT, JEST_ALONE_REPORT]
    .flatMap((path) => readJson(path)?.testResults ?? [])
    .map((file) => [(file.endTime - file.startTime) / 1000, `jest        ${file.name.replace(`${root}/`, '')}`]);
  const browser = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const seconds = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0) / 1000;
        browser.push([seconds, `playwright  ${spec.file} › ${[...path, spec.title].join(' › ')} [${test.projectName}]`]);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const suite of readJson(PLAYWRIGHT_REPORT)?.suites ?? []) walk(suite, []);
  const top = (rows) => rows.sort((a, b) => b[0] - a[0]).slice(0, 5);
  return [...top(jest), ...top(browser)];
}

function printTable() {
  // Jest's first stage ran beside the checks and the build: the wall-clock total is less than the stages' sum.
  const rows = [
    ...stages.map((row) => [row.stage, `${row.seconds.toFixed(0)} s`, row.tests]),
    ['total', `${((Date.now() - started) / 1000).toFixed(0)} s`, 'wall clock'],
  ];
  const widths = [0, 1].map((column) => Math.max(...rows.map((row) => row[column].length)));
  console.log('\nnpm test, stage by stage:');
  for (const [name, seconds, tests] of rows) console.log(`  ${name.padEnd(widths[0])}  ${seconds.padStart(widths[1])}  ${tests}`);
  const slow = slowest();
  if (slow.length === 0) return;
  console.log('\nThe slowest Jest files and browser tests:');
  for (const [seconds, what] of slow) console.log(`  ${`${seconds.toFixed(0)} s`.padStart(6)}  ${what.slice(0, 150)}`);
}

// Ctrl-C or a stopped CI job stops every stage (Playwright then stops its server, which drops its database).
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
    process.exitCode = 130;
  });
}

async function main() {
  // Postgres and Redis started, Chromium installed, when missing (scripts/machine.sh).
  ensureMachine('postgres', 'redis', 'chromium');
  rmSync(reports, { recursive: true, force: true });
  mkdirSync(reports, { recursive: true });

  // Jest with the static checks and the build beside it, `nice`d; then the browser tests, which need
  // the build, alone; then the process suites. A failed stage lets the others run, so one run
  // reports every failure; a failed build runs no browser test, which run against that production build.
  const build = stage('build', [['node', ['-e', "require('./scripts/lib').buildWhatIsMissing()"]]], { nice: true });
  const first = await together(
    stage(
      'lint',
      [
        ['npx', ['eslint', '.']],
        ['node', ['scripts/audit.js']], // no high or critical advisory in production dependencies
        // The API contract: openapi.json passes the OpenAPI linter and the frontend's types are generated
        // from it (test/api-contract.spec.ts checks that openapi.json is what the API serves).
        ['npx', ['redocly', 'lint', 'openapi.json']],
        ['npx', ['openapi-typescript', 'openapi.json', '-o', 'frontend/src/lib/api-types.ts', '--alphabetize', '--default-non-nullable', 'false', '--check']],
      ],
      { nice: true },
    ),
    stage(
      'typecheck',
      [
        ['npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']], // also checks the type-level tests (@ts-expect-error)
        ['npm', ['run', 'typecheck', '-w', 'frontend']],
        ['npx', ['tsc', '-p', 'e2e/tsconfig.json']], // the browser tests: Playwright runs them without a type check
      ],
      { nice: true },
    ),
    stage('jest', [['npx', ['jest', '--ci', '--json', `--outputFile=${JEST_REPORT}`, '--testPathIgnorePatterns', '/node_modules/', ...RUN_ALONE]]], {
      tests: jestCounts,
    }),
    build,
  );
  const browser =
    (await build) &&
    (await stage('playwright', [['npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_FILE: PLAYWRIGHT_REPORT }]], { tests: playwrightCounts }));
  const alone = await stage('jest alone', [['npx', ['jest', '--ci', '--json', `--outputFile=${JEST_ALONE_REPORT}`, ...RUN_ALONE]]], {
    tests: () => jestCounts(JEST_ALONE_REPORT),
  });
  printTable();
  if (!(first && browser && alone)) process.exit(1);
}

main();
