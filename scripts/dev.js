#!/usr/bin/env node
// `npm run dev`: watch mode for the API, the worker and the Vite dev server (with /api proxied to the API).
const { spawn } = require('node:child_process');
const { root, npmRun, loadDotEnv } = require('./lib');

loadDotEnv();
npmRun('build:server'); // a first build, so both processes have something to start from

const run = (name, command, args) => {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } });
  child.on('exit', (code) => code && console.error(`${name} exited with ${code}`));
  return child;
};

const children = [
  // tsc --watch rebuilds dist/, tsc-alias --watch rewrites the @swishly/* paths, node --watch restarts.
  run('tsc', 'npx', ['tsc', '-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput']),
  run('tsc-alias', 'npx', ['tsc-alias', '-p', 'tsconfig.build.json', '--watch']),
  run('api', process.execPath, ['--enable-source-maps', '--watch-path=dist/apps', '--watch-path=dist/libs', 'dist/apps/api/src/main.js']),
  run('worker', process.execPath, ['--enable-source-maps', '--watch-path=dist/apps', '--watch-path=dist/libs', 'dist/apps/worker/src/main.js']),
  run('vite', 'npm', ['run', 'dev', '-w', 'frontend']),
];

const stop = () => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
