// Timing staff's reads for a bench step: a page asked for again and again, and its percentiles.

/** The nearest-rank percentile `p` of figures sorted in ascending order. */
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)];

/** "p50 8 ms, p95 16 ms" of sorted times in ms. */
const medianAndP95 = (times) => `p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms`;

/**
 * GETs `path` at `base` as the staff member whose cookie this is, `rounds` times after two
 * warm-ups, and answers the times in ms, sorted. A refused answer, or one `isRight(body)` calls
 * wrong, stops the step: a figure for an error page would measure nothing.
 */
async function timedReads({ base, cookie, path, rounds, isRight = () => true }) {
  const times = [];
  for (let i = 0; i < rounds + 2; i++) {
    const t = process.hrtime.bigint();
    const response = await fetch(`${base}${path}`, { headers: { cookie } });
    const body = await response.json();
    if (!response.ok || !isRight(body)) throw new Error(`${path}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
    if (i >= 2) times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return times.sort((a, b) => a - b);
}

module.exports = { percentile, medianAndP95, timedReads };
