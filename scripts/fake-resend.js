// Resend on loopback, for the benchmark and the browser tests' server, driven through the real
// `resend` SDK. Like Resend, a repeated Idempotency-Key is not sent again. (Jest's integration
// tests have their own, with failure injection: test/utils/fake-resend.ts.)
const { createServer } = require('node:http');

/**
 * Starts it on a free port. `refuse(to)` true answers 422 as Resend does for an address it won't
 * take. Resolves to its `url`, the `arrivals` (recipient -> times first sent), `stats()` and `close()`.
 */
function startFakeResend({ refuse = () => false } = {}) {
  const arrivals = new Map();
  const keys = new Set();
  let requests = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      requests++;
      const to = [JSON.parse(body || '{}').to].flat()[0] ?? '';
      if (refuse(to)) {
        res.writeHead(422, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ statusCode: 422, name: 'validation_error', message: `The address ${to} does not accept email.` }));
        return;
      }
      const key = req.headers['idempotency-key'];
      if (!keys.has(key)) {
        keys.add(key);
        arrivals.set(to, [...(arrivals.get(to) ?? []), Date.now()]);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `email_${keys.size}` }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        arrivals,
        stats: () => ({ requests, sent: keys.size }),
        close: () => server.close(),
      }),
    ),
  );
}

module.exports = { startFakeResend };
