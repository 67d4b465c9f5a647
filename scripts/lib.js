// Small helpers shared by the npm scripts (plain Node, no build needed).
const { spawn, spawnSync } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');

/**
 * Settings from `.env` (copied from .env.example), for `npm start`, `npm run dev` and the npm
 * commands; a variable already set in the environment wins.
 */
function loadDotEnv() {
  const path = join(root, '.env');
  if (existsSync(path)) process.loadEnvFile(path);
}

/** Newest modification time of any file under the given folders (skipping build output). */
function newestSource(dirs) {
  let newest = 0;
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    if (!statSync(dir).isDirectory()) {
      newest = Math.max(newest, statSync(dir).mtimeMs);
      return;
    }
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (['node_modules', 'dist', '.git'].includes(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  dirs.forEach((d) => walk(join(root, d)));
  return newest;
}

function mtime(path) {
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

/** Starts or installs what the project needs from the machine (scripts/machine.sh); exits when it can't. */
function ensureMachine(...needs) {
  const result = spawnSync('bash', [join(__dirname, 'machine.sh'), ...needs], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Deletes every Redis key under `prefix:` (what a test run or the bench left behind). */
async function deleteRedisKeys(prefix, redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') {
  const IORedis = require('ioredis');
  const redis = new IORedis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  try {
    await redis.connect();
    for await (const keys of redis.scanStream({ match: `${prefix}:*`, count: 1000 })) if (keys.length) await redis.unlink(...keys);
  } finally {
    redis.disconnect();
  }
}

/** Runs an npm script in the foreground; exits the process when it fails. */
/** Runs an npm script quietly: its output is shown only when it fails. */
function npmRun(script) {
  const started = Date.now();
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    console.error(`npm run ${script} failed`);
    process.exit(result.status ?? 1);
  }
  return (Date.now() - started) / 1000;
}

/** Builds the server and/or the frontend when their output is missing or older than their sources. */
function buildWhatIsMissing() {
  const serverOut = join(root, 'dist/apps/api/src/main.js');
  if (mtime(serverOut) < newestSource(['apps', 'libs', 'tsconfig.json', 'tsconfig.build.json'])) {
    process.stdout.write('Building the server... ');
    console.log(`done in ${npmRun('build:server').toFixed(1)} s`);
  }
  const frontendOut = join(root, 'frontend/dist/index.html');
  if (mtime(frontendOut) < newestSource(['frontend/src', 'frontend/public', 'frontend/index.html', 'frontend/vite.config.ts'])) {
    process.stdout.write('Building the frontend... ');
    console.log(`done in ${npmRun('build:frontend').toFixed(1)} s`);
  }
}

/** Starts the API and/or the worker; stops the others when one dies; forwards SIGINT/SIGTERM. */
function runProcesses(which, env = process.env) {
  const entries = { api: 'dist/apps/api/src/main.js', worker: 'dist/apps/worker/src/main.js' };
  const children = which.map((name) => {
    const child = spawn(process.execPath, ['--enable-source-maps', entries[name]], { cwd: root, env, stdio: 'inherit' });
    child.name = name;
    return child;
  });
  let stopping = false;
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    children.forEach((c) => isRunning(c) && c.kill(signal));
  };
  let exitCode = 0;
  let running = children.length;
  for (const child of children) {
    child.on('exit', (code, signal) => {
      if (!stopping && code !== 0) console.error(`${child.name} exited (${signal ?? code}); stopping the others`);
      exitCode = exitCode || (code ?? 0);
      stop('SIGTERM');
      if (--running === 0) process.emit('all-stopped', exitCode);
    });
  }
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  return children;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a child process still runs: one that ended by a signal has no exit code, only a signal code. */
const isRunning = (child) => child.exitCode === null && child.signalCode === null;

/** Sends a child a signal (SIGTERM) and resolves once it has exited; at once if it already has. */
function stopChild(child, signal = 'SIGTERM') {
  if (!isRunning(child)) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill(signal);
  });
}

/** Waits up to a minute for `url` to answer 2xx (a server starting). */
async function waitFor(url) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await sleep(250);
  }
  throw new Error(`${url} did not answer`);
}

module.exports = { root, buildWhatIsMissing, deleteRedisKeys, ensureMachine, loadDotEnv, runProcesses, npmRun, sleep, waitFor, isRunning, stopChild };
