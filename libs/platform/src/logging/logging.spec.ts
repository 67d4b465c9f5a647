import { EventEmitter } from 'node:events';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { Writable } from 'node:stream';
import pinoHttp from 'pino-http';
import { loadConfig } from '../config/config';
import { loggingOptions, redactUrl, scrubText, scrubValue } from './logging';

/** The lines the real logger options write, as text. */
function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

describe('what the logs may say', () => {
  it('keeps the path and the names of the query parameters, never their values', () => {
    expect(redactUrl('/api/waitlist/status?token=abc.def')).toBe('/api/waitlist/status?token=[redacted]');
    expect(redactUrl('/admin/login?mode=reset&token=s3cret')).toBe('/admin/login?mode=[redacted]&token=[redacted]');
    expect(redactUrl('/shotanalysis?confirm=T0KEN&ref=ABC')).toBe('/shotanalysis?confirm=[redacted]&ref=[redacted]');
    expect(redactUrl('/resources/elbow-drills')).toBe('/resources/elbow-drills');
    expect(redactUrl('/download/x?')).toBe('/download/x?');
    expect(redactUrl(undefined)).toBe('');
  });

  it('replaces email addresses, also percent-encoded ones and those in paths', () => {
    expect(scrubText('Resend 422: Invalid `to` field: Mia.Virtanen+hoops@Example.fi')).toBe('Resend 422: Invalid `to` field: [email]');
    expect(scrubText('/x/mia%40example.com/y')).toBe('/x/[email]/y');
    expect(scrubText('no address @ here, nor user@localhost')).toBe('no address @ here, nor user@localhost');
    for (const address of ['İlker.x@example.org', 'ΣΟΦΟΣ@example.org', 'ｍａｒｉａ@example.org', 'jose\u0301@ex\u00e4mple.fi']) {
      expect(scrubText(`refused ${address}.`)).toBe('refused [email].');
    }
    const error = Object.assign(new Error('refused mia@example.com'), { statusCode: 422, to: 'mia@example.com' });
    const scrubbed = scrubValue({ err: error, list: ['a@b.co'], nested: { deep: { to: 'c@d.io' } }, count: 2 }) as Record<string, unknown>;
    expect((scrubbed.err as Error).message).toBe('refused [email]');
    expect((scrubbed.err as Error).stack).not.toContain('mia@example.com');
    expect(scrubbed.err).toMatchObject({ statusCode: 422, to: '[email]' });
    expect(scrubbed).toMatchObject({ list: ['[email]'], nested: { deep: { to: '[email]' } }, count: 2 });
  });

  it('no line the configured logger writes carries a token or an address: request lines and messages alike', async () => {
    const { lines, stream } = capture();
    const options = loggingOptions(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }), 'api');
    const middleware = pinoHttp({ ...options, transport: undefined }, stream);

    const req = new IncomingMessage(new Socket());
    req.method = 'GET';
    req.url = '/api/waitlist/status?token=live-status-token&email=mia%40example.com';
    const res = new ServerResponse(req);
    middleware(req, res);
    req.log.warn({ to: 'mia@example.com' }, 'Could not send to mia@example.com');
    req.log.info('plain line');
    res.statusCode = 200;
    (res as unknown as EventEmitter).emit('finish');
    await new Promise((resolve) => setImmediate(resolve));

    const text = lines.join('');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(text).toContain('/api/waitlist/status?token=[redacted]&email=[redacted]');
    expect(text).toContain('Could not send to [email]');
    expect(text).toContain('plain line');
    for (const secret of ['live-status-token', 'mia@example.com', 'mia%40example.com']) expect(text).not.toContain(secret);
  });
});
