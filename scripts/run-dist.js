#!/usr/bin/env node
// Runs a compiled command from dist/ (building the server first if needed): `node scripts/run-dist.js <path without .js>`.
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');
const { root, buildWhatIsMissing, loadDotEnv } = require('./lib');

loadDotEnv();
buildWhatIsMissing();
const [target, ...args] = process.argv.slice(2);
const result = spawnSync(process.execPath, ['--enable-source-maps', join(root, 'dist', `${target}.js`), ...args], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
