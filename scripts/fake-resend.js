// Resend on loopback, for the benchmark and the browser tests' server, driven through the real
// `resend` SDK, single emails and batches. Like Resend, a repeated Idempotency-Key is not sent
// again, and a batch with an address it refuses is refused whole (strict validation). (Jest's
// integration tests have their own, with failure injection: test/utils/fake-resend.ts.)
const { createServer } = require('node:http');

/**
 * Starts it on a free port. `refuse(to)` true answers 422 as Resend does for an address it won't
 * take. Resolves to its `url`, the `arrivals` (recipient -> times first sent), `stats()` and `close()`.
 * With `keep`, it also keeps the last `keep` emails it sent, which `GET /inbox?to=<address>`
 * answers (subject, html, text, headers; newest last): the browser tests follow emailed links there.
 */
function startFakeResend({ refuse = () => false, keep = 0 } = {}) {
  const arrivals = new Map();
  const inbox = [];
  const keys = new Set();
  let requests = 0;
  let sent = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.method === 'GET' && req.url.startsWith('/inbox')) {
        const to = new URL(req.url, 'http://inbox').searchParams.get('to');
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(inbox.filter((email) => email.to === to)));
        return;
      }
      requests++;
      // POST /emails takes one email, POST /emails/batch a list of them under one key.
      const batch = req.url === '/emails/batch';
      const emails = batch ? JSON.parse(body || '[]') : [JSON.parse(body || '{}')];
      const refused = emails.map((email) => [email.to].flat()[0] ?? '').find((to) => refuse(to));
      if (refused !== undefined) {
        res.writeHead(422, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ statusCode: 422, name: 'validation_error', message: `The address ${refused} does not accept email.` }));
        return;
      }
      const key = req.headers['idempotency-key'];
      if (!keys.has(key)) {
        keys.add(key);
        for (const email of emails) {
          const to = [email.to].flat()[0] ?? '';
          arrivals.set(to, [...(arrivals.get(to) ?? []), Date.now()]);
          sent++;
          if (keep > 0) {
            inbox.push({ to, subject: email.subject, html: email.html, text: email.text, headers: email.headers ?? {} });
            if (inbox.length > keep) inbox.shift();
          }
        }
      }
      const ids = emails.map((_, i) => ({ id: `email_${keys.size}_${i}` }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(batch ? { data: ids } : ids[0]));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${server.address().port}`,
        arrivals,
        stats: () => ({ requests, sent }),
        close: () => server.close(),
      }),
    ),
  );
}

module.exports = { startFakeResend };
