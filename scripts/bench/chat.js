#!/usr/bin/env node
// The coach's speed: time to the first streamed piece of a reply and to the whole reply, from
// POST /api/chat to its `delta` and `done` events, with the built-in coach and with the openai SDK
// against a fake OpenAI-compatible server on loopback that streams at a fixed rate. The fake's
// own delay before its first piece is subtracted: what is left is our overhead (target < 50 ms).
// Part of `npm run bench` (scripts/bench.js); alone: `node scripts/bench/chat.js`.
const { createServer } = require('node:http');
const { join } = require('node:path');
const { sleep, stopChild, waitFor } = require('../lib');

const INGEST_TOKEN = 'bench-ingest-token-0123456789';
/** The fake model: a piece every CHUNK_MS, PIECES pieces. */
const CHUNK_MS = Number(process.env.BENCH_CHAT_CHUNK_MS ?? 20);
const PIECES = Number(process.env.BENCH_CHAT_PIECES ?? 40);
const QUESTIONS = Number(process.env.BENCH_CHAT_QUESTIONS ?? 40);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** An OpenAI-compatible /v1/chat/completions that streams PIECES pieces, one every CHUNK_MS (the first after CHUNK_MS). */
async function startFakeOpenAI() {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', async () => {
      const chunk = (delta, finish = null) =>
        `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 0, model: 'bench', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk({ role: 'assistant', content: '' }));
      for (let i = 0; i < PIECES; i++) {
        await sleep(CHUNK_MS);
        res.write(chunk({ content: `piece${i} ` }));
      }
      res.end(chunk({}, 'stop') + 'data: [DONE]\n\n');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/v1`, close: () => (server.closeAllConnections(), server.close()) };
}

/** A claimed shot record to chat about (POST /api/shots, then the claim): its code and claim token. */
async function claimedShot(base, tag) {
  const code = `BENCH${tag}${Date.now().toString(36)}`.toUpperCase().slice(0, 32);
  const post = (path, body, headers = {}) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const shotData = {
    shotRating: 6,
    form: 'Your elbow sits at 88° at the set point.',
    release: 'Your release takes 950 ms from the catch: late.',
    followThrough: 'Good finish.',
    tips: ['Speed up your release: catch and go straight into your shot.'],
  };
  const created = await post(
    '/api/shots',
    { kind: 'shot', code, shot_data: shotData, metrics: { elbowAngleDeg: 88, releaseTimeMs: 950 } },
    { authorization: `Bearer ${INGEST_TOKEN}` },
  );
  if (created.status !== 201) throw new Error(`POST /api/shots answered ${created.status}: ${await created.text()}`);
  const claimed = await post(`/api/shots/shot/${code}/claim`, { first_name: 'Bench', email: `bench-${code.toLowerCase()}@bench.test` });
  if (claimed.status !== 200) throw new Error(`claim answered ${claimed.status}: ${await claimed.text()}`);
  return { code, token: (await claimed.json()).claimToken };
}

/** One question: ms to the first delta and to done. */
async function ask(base, { code, token }, message) {
  const started = performance.now();
  const res = await fetch(`${base}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ kind: 'shot', shotCode: code, message }),
  });
  if (res.status !== 200) throw new Error(`POST /api/chat answered ${res.status}: ${await res.text()}`);
  const decoder = new TextDecoder();
  let buffer = '';
  let first = null;
  for await (const bytes of res.body) {
    buffer += decoder.decode(bytes, { stream: true });
    if (first === null && buffer.includes('"type":"delta"')) first = performance.now() - started;
    if (buffer.includes('"type":"error"')) throw new Error(`the coach failed: ${buffer}`);
  }
  if (!buffer.includes('"type":"done"')) throw new Error(`no done event: ${buffer}`);
  return { first, full: performance.now() - started };
}

async function measure(base, shot, questions) {
  for (let i = 0; i < 3; i++) await ask(base, shot, 'How do I fix my late release?'); // warm-up
  const firsts = [];
  const fulls = [];
  for (let i = 0; i < questions; i++) {
    const { first, full } = await ask(base, shot, i % 2 ? 'What should I drill this week?' : 'How do I fix my late release?');
    firsts.push(first);
    fulls.push(full);
  }
  firsts.sort((a, b) => a - b);
  fulls.sort((a, b) => a - b);
  return { first: { p50: percentile(firsts, 50), p95: percentile(firsts, 95) }, full: { p50: percentile(fulls, 50), p95: percentile(fulls, 95) } };
}

/**
 * Starts two APIs beside the bench's (built-in coach; the SDK against the fake), on `port` and
 * `port + 1`, against the bench's database, and reports through `row(what, measured, target, met)`.
 */
async function benchChat({ root, env, port, startProcess, row }) {
  const fake = await startFakeOpenAI();
  const chatEnv = {
    ...env,
    MIGRATE_ON_START: 'false',
    SHOTS_INGEST_TOKEN: INGEST_TOKEN,
    CHAT_RATE_LIMIT_PER_CODE_PER_MINUTE: '100000',
    CHAT_RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
    PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '100000',
  };
  const builtInBase = `http://127.0.0.1:${port}`;
  const modelBase = `http://127.0.0.1:${port + 1}`;
  const children = [
    startProcess('api-chat-built-in', [join(root, 'dist/apps/api/src/main.js')], { ...chatEnv, PORT: String(port), OPENAI_API_KEY: '' }),
    startProcess('api-chat-model', [join(root, 'dist/apps/api/src/main.js')], {
      ...chatEnv,
      PORT: String(port + 1),
      OPENAI_API_KEY: 'sk-bench',
      OPENAI_BASE_URL: fake.url,
      OPENAI_MODEL: 'bench',
    }),
  ];
  try {
    await Promise.all([waitFor(`${builtInBase}/health/ready`), waitFor(`${modelBase}/health/ready`)]);
    const builtIn = await measure(builtInBase, await claimedShot(builtInBase, 'B'), QUESTIONS);
    const model = await measure(modelBase, await claimedShot(modelBase, 'M'), QUESTIONS);
    const ms = (n) => `${n.toFixed(1)} ms`;
    const overhead = { p50: model.first.p50 - CHUNK_MS, p95: model.first.p95 - CHUNK_MS };
    const fakeFull = CHUNK_MS * PIECES;
    console.log(
      `Coach, built-in: first piece p50 ${ms(builtIn.first.p50)} (p95 ${ms(builtIn.first.p95)}), whole reply p50 ${ms(builtIn.full.p50)} (p95 ${ms(builtIn.full.p95)})`,
    );
    console.log(
      `Coach, openai SDK -> fake model (first piece after ${CHUNK_MS} ms, ${PIECES} pieces, ${fakeFull} ms in all): first piece p50 ${ms(model.first.p50)} (p95 ${ms(model.first.p95)}), ` +
        `whole reply p50 ${ms(model.full.p50)} (p95 ${ms(model.full.p95)}); our overhead to the first piece p50 ${ms(overhead.p50)}, p95 ${ms(overhead.p95)}, to the whole reply p50 ${ms(model.full.p50 - fakeFull)}`,
    );
    row(
      'coach (built-in), time to first piece',
      `p50 ${ms(builtIn.first.p50)}, p95 ${ms(builtIn.first.p95)}; whole reply p50 ${ms(builtIn.full.p50)}`,
      'first < 50 ms',
      builtIn.first.p95 < 50,
    );
    row(
      'coach (SDK -> fake model), our overhead',
      `first piece +${ms(overhead.p50)} (p95 +${ms(overhead.p95)}) over the model's ${CHUNK_MS} ms; whole reply +${ms(model.full.p50 - fakeFull)}`,
      'first < 50 ms',
      overhead.p95 < 50,
    );
  } finally {
    await Promise.all(children.map((child) => stopChild(child)));
    fake.close();
  }
}

module.exports = { benchChat };

/** Alone: a scratch database, the two APIs, the figures. */
if (require.main === module) require('./standalone').runStandalone('chat', 10, benchChat);
