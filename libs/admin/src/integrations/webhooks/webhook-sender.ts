import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { LookupFunction } from 'node:net';
import { resolveTarget } from './webhook-targets';

export type SendOutcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/**
 * POSTs one signed delivery. The host is resolved and checked first, and the connection made to
 * that very address (a DNS answer that changes between the check and the connect, "rebinding",
 * can't reach inside). Redirects are not followed: a 3xx is a failure like any non-2xx.
 */
export async function postDelivery(
  target: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<SendOutcome> {
  const url = new URL(target);
  let resolved: Awaited<ReturnType<typeof resolveTarget>>;
  try {
    resolved = await resolveTarget(url, options.allowPrivate);
  } catch (error) {
    return { ok: false, status: null, error: (error as Error).message };
  }
  const pinned: LookupFunction = (_host, lookupOptions, callback) => {
    if (lookupOptions.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [resolved]);
    else callback(null, resolved.address, resolved.family);
  };
  return new Promise<SendOutcome>((resolve) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
      lookup: pinned,
      agent: false,
      timeout: options.timeoutMs,
    });
    req.on('response', (res) => {
      const status = res.statusCode ?? 0;
      res.resume(); // the body is not ours to read
      res.on('end', () => resolve(status >= 200 && status < 300 ? { ok: true, status } : { ok: false, status, error: `HTTP ${status}` }));
      res.on('error', () => resolve({ ok: false, status, error: `HTTP ${status}, then the connection broke` }));
    });
    req.on('timeout', () => req.destroy(new Error(`No answer within ${Math.round(options.timeoutMs / 1000)} s`)));
    req.on('error', (error) => resolve({ ok: false, status: null, error: error.message.slice(0, 300) }));
    req.end(body);
  });
}
