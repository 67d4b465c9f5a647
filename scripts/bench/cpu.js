// Where a rate goes: the CPU time each process spent per request during a measured run, read
// from /proc (Linux; elsewhere the figures are left out). On a 2-core machine a rate is two
// cores divided by the sum, so these say which process a ratio to the ceiling is lost in.
const { existsSync, readdirSync, readFileSync } = require('node:fs');

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux this runs on
const HAS_PROC = existsSync('/proc/self/stat');

/** utime + stime of one process, in seconds (0 when it is gone). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The CPU seconds of every process whose command is `command` (Postgres has one per connection). */
function cpuSecondsOfAll(command) {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/stat`, 'utf8').includes(`(${command})`)) total += cpuSeconds(pid);
    } catch {
      // ended meanwhile
    }
  }
  return total;
}

/**
 * CPU seconds so far of `processes` ({ name: pid }), Postgres, Redis and this process ('bench':
 * autocannon, and in npm run bench the fake Resend); null without /proc.
 */
function cpuSnapshot(processes) {
  if (!HAS_PROC) return null;
  const snapshot = Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, cpuSeconds(pid)]));
  const own = process.cpuUsage();
  return { ...snapshot, postgres: cpuSecondsOfAll('postgres'), redis: cpuSecondsOfAll('redis-server'), bench: (own.user + own.system) / 1e6 };
}

/** 'api 1035 + worker 538 + ... = 2554 µs per request' between two snapshots, or null without them. */
function cpuPerRequest(before, after, requests) {
  if (!before || !after || requests === 0) return null;
  const parts = Object.keys(after).map((name) => [name, ((after[name] - before[name]) / requests) * 1e6]);
  const total = parts.reduce((sum, [, us]) => sum + us, 0);
  return `${parts.map(([name, us]) => `${name} ${us.toFixed(0)}`).join(' + ')} = ${total.toFixed(0)} µs per request`;
}

module.exports = { cpuSnapshot, cpuPerRequest };
