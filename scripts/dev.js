#!/usr/bin/env node
// `npm run dev`: watch mode for the API, the worker and the Vite dev server (with /api proxied to the API).
const { spawn } = require('node:child_process');
const { root, npmRun, loadDotEnv, isRunning } = require('./lib');

loadDotEnv();
process.stdout.write('Building the server... ');
console.log(`done in ${npmRun('build:server').toFixed(1)} s`); // a first build, so both processes have something to start from
const port = process.env.PORT ?? '3000';

const run = (name, command, args) => {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development' } });
  child.on('exit', (code) => code && console.error(`${name} exited with ${code}`));
  return child;
};

const WATCH = ['--watch-path=dist/apps', '--watch-path=dist/libs', '--watch-path=dist/frontend'];
const children = [
  // tsc --watch rebuilds dist/, tsc-alias --watch rewrites the @swishly/* paths, node --watch restarts.
  run('tsc', 'npx', ['tsc', '-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput']),
  run('tsc-alias', 'npx', ['tsc-alias', '-p', 'tsconfig.build.json', '--watch']),
  run('api', process.execPath, ['--enable-source-maps', ...WATCH, 'dist/apps/api/src/main.js']),
  run('worker', process.execPath, ['--enable-source-maps', ...WATCH, 'dist/apps/worker/src/main.js']),
];

// Vite starts once the API answers, so its proxy never greets the first page with errors.
(async () => {
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${port}/health/live`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  children.push(run('vite', 'npm', ['run', 'dev', '-w', 'frontend']));
})();

const stop = () => children.forEach((c) => isRunning(c) && c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
