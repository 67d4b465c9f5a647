// The hardware ceiling the benchmarks are compared with, measured in the run that compares:
// bare-insert-server.js (one INSERT of a new person per request) at 50 connections, after a 2 s
// warm-up. `fire` runs autocannon; bench.js passes its own, which also writes the progress to its log.
const autocannon = require('autocannon');
const { fork } = require('node:child_process');
const { join } = require('node:path');
const { stopChild } = require('../lib');
const { cpuPerRequest, cpuSnapshot } = require('./cpu');

/**
 * Requests per second (and autocannon's whole result) of the bare server on `port`, writing into
 * `databaseUrl`, with `cpu`: each process's CPU time per request (scripts/bench/cpu.js).
 */
async function measureCeiling(port, databaseUrl, seconds, fire = (options) => autocannon(options)) {
  const server = fork(join(__dirname, 'bare-insert-server.js'), [String(port), databaseUrl], { stdio: 'ignore' });
  try {
    await new Promise((resolve, reject) => {
      server.once('message', resolve);
      server.once('exit', (code) => reject(new Error(`the bare-INSERT server exited (${code})`)));
    });
    let n = 0;
    const insert = {
      method: 'POST',
      path: '/',
      headers: { 'content-type': 'application/json' },
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ first_name: 'Bench', email: `ceiling-${++n}@bench.test` }) }),
    };
    const url = `http://127.0.0.1:${port}`;
    await fire({ url, connections: 50, duration: 2, requests: [insert] });
    const before = cpuSnapshot({ server: server.pid });
    const result = await fire({ url, connections: 50, duration: seconds, requests: [insert] });
    return { ...result, cpu: cpuPerRequest(before, cpuSnapshot({ server: server.pid }), result.requests.total) };
  } finally {
    await stopChild(server);
  }
}

module.exports = { measureCeiling };
