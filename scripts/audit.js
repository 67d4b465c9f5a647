#!/usr/bin/env node
// `npm run audit`: no high or critical advisory in what production installs (`npm audit --omit=dev`).
// When npm's advisory service can't be reached (a machine with only a registry mirror: its
// audit endpoint answers 405), it says so loudly and passes, unless AUDIT_REQUIRED=1.
const { spawnSync } = require('node:child_process');
const { root } = require('./lib');

// Extra arguments go to npm (test/audit.spec.ts points --registry at a loopback advisory service).
const result = spawnSync('npm', ['audit', '--omit=dev', '--json', ...process.argv.slice(2)], {
  cwd: root,
  encoding: 'utf8',
  env: { ...process.env, npm_config_loglevel: 'error' },
});
let report;
try {
  report = JSON.parse(result.stdout);
} catch {
  report = { error: { summary: (result.stderr || result.stdout || 'no answer').trim().split('\n')[0] } };
}

// npm answers `{ error }` or, for an HTTP failure of the service, `{ message, statusCode }`.
if (report.error || !report.vulnerabilities) {
  const summary = report.error?.summary || report.error?.code || report.message || 'unknown error';
  console.warn(`npm audit: the advisory service could not be reached (${summary}); production dependencies NOT checked.`);
  process.exit(process.env.AUDIT_REQUIRED === '1' ? 1 : 0);
}

const serious = Object.values(report.vulnerabilities ?? {}).filter((v) => v.severity === 'high' || v.severity === 'critical');
const counts = report.metadata?.vulnerabilities ?? {};
console.log(
  `npm audit --omit=dev: ${
    Object.entries(counts)
      .map(([level, n]) => `${n} ${level}`)
      .join(', ') || 'nothing found'
  }`,
);
if (serious.length > 0) {
  for (const v of serious)
    console.error(
      `  ${v.severity}: ${v.name} (${[v.via]
        .flat()
        .map((via) => via.title ?? via)
        .join('; ')})${v.fixAvailable ? ', fix available' : ''}`,
    );
  console.error('High or critical advisories in production dependencies: update them (npm audit fix) before landing.');
  process.exit(1);
}
