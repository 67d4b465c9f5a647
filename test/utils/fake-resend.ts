import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';

export interface ReceivedEmail {
  /** The key of the call that carried it (a batch's key for an email of a batch). */
  idempotencyKey: string | undefined;
  /** Whether it came in a batch call (POST /emails/batch). */
  batch: boolean;
  body: { from: string; to: string | string[]; reply_to?: string | string[]; subject: string; html: string; text: string; headers?: Record<string, string> };
}

/**
 * A stand-in for api.resend.com on loopback, driven through the real `resend` SDK: POST /emails
 * (one email) and POST /emails/batch (several under one key). Like Resend, a repeated
 * Idempotency-Key is not sent again, and a refused batch sends none of its emails.
 * `loseNextResponsesTo(address, n)` accepts the next n calls carrying an email to `address` but
 * answers 500, as if the response was lost: the job retries with the same key.
 */
export class FakeResend {
  /** Every email of every call, retries included. */
  readonly requests: ReceivedEmail[] = [];
  /** Emails actually "sent" (first time per idempotency key). */
  readonly delivered: ReceivedEmail[] = [];
  /** Batch calls received, with the number of emails in each. */
  readonly batchSizes: number[] = [];
  private server?: Server;
  private readonly keys = new Set<string>();
  private readonly lose = new Map<string, number>();
  private rejectWith?: number;
  private rejectAddress?: string;

  async start(): Promise<string> {
    this.server = createServer(async (req, res) => {
      const payload = JSON.parse((await readBody(req)) || 'null');
      const batch = req.url === '/emails/batch';
      if (req.method !== 'POST' || (req.url !== '/emails' && !batch)) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ name: 'not_found', message: 'Not found', statusCode: 404 }));
        return;
      }
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      const emails: ReceivedEmail[] = (batch ? payload : [payload]).map((body: ReceivedEmail['body']) => ({ idempotencyKey, batch, body }));
      if (batch) this.batchSizes.push(emails.length);
      this.requests.push(...emails);
      const recipients = emails.map((e) => [e.body.to].flat()[0] as string);
      const status = this.rejectWith ?? (this.rejectAddress && recipients.includes(this.rejectAddress) ? 422 : undefined);
      if (status) {
        res
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ name: 'validation_error', message: 'Invalid `to` field', statusCode: status }));
        return;
      }
      if (!idempotencyKey || !this.keys.has(idempotencyKey)) {
        if (idempotencyKey) this.keys.add(idempotencyKey);
        this.delivered.push(...emails);
      }
      const lost = recipients.find((to) => (this.lose.get(to) ?? 0) > 0);
      if (lost) {
        this.lose.set(lost, this.lose.get(lost)! - 1);
        res
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ name: 'internal_server_error', message: 'Lost response', statusCode: 500 }));
        return;
      }
      const ids = emails.map((_, i) => ({ id: `email_${this.delivered.length}_${i}` }));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(batch ? { data: ids } : ids[0]));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  loseNextResponsesTo(address: string, n: number): void {
    this.lose.set(address, n);
  }

  /** Every call answers `status` (until called with undefined). */
  rejectAllWith(status: number | undefined): void {
    this.rejectWith = status;
  }

  /** Every call carrying an email to `address` answers 422, a batch whole (until called with undefined). */
  rejectAddressOf(address: string | undefined): void {
    this.rejectAddress = address;
  }

  deliveredTo(address: string): ReceivedEmail[] {
    return this.delivered.filter((d) => [d.body.to].flat().includes(address));
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => resolve(data));
  });
}
