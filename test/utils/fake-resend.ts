import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';

export interface ReceivedEmail {
  idempotencyKey: string | undefined;
  body: { from: string; to: string | string[]; reply_to?: string | string[]; subject: string; html: string; text: string };
}

/**
 * A stand-in for api.resend.com on loopback, driven through the real `resend` SDK. Like Resend,
 * a repeated Idempotency-Key is not sent again. `loseNextResponses(n)` accepts the next n
 * emails to `address` but answers 500, as if the response was lost: the job retries with
 * the same key.
 */
export class FakeResend {
  readonly requests: ReceivedEmail[] = [];
  /** Emails actually "sent" (first time per idempotency key). */
  readonly delivered: ReceivedEmail[] = [];
  private server?: Server;
  private readonly lose = new Map<string, number>();
  private rejectWith?: number;

  async start(): Promise<string> {
    this.server = createServer(async (req, res) => {
      const body = JSON.parse((await readBody(req)) || '{}');
      if (req.method !== 'POST' || req.url !== '/emails') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ name: 'not_found', message: 'Not found', statusCode: 404 }));
        return;
      }
      const email: ReceivedEmail = { idempotencyKey: req.headers['idempotency-key'] as string | undefined, body };
      this.requests.push(email);
      if (this.rejectWith) {
        res.writeHead(this.rejectWith, { 'content-type': 'application/json' }).end(JSON.stringify({ name: 'validation_error', message: 'Invalid `to` field', statusCode: this.rejectWith }));
        return;
      }
      const duplicate = this.delivered.some((d) => d.idempotencyKey && d.idempotencyKey === email.idempotencyKey);
      if (!duplicate) this.delivered.push(email);
      const to = [body.to].flat()[0] as string;
      if ((this.lose.get(to) ?? 0) > 0) {
        this.lose.set(to, this.lose.get(to)! - 1);
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ name: 'internal_server_error', message: 'Lost response', statusCode: 500 }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `email_${this.delivered.length}` }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  loseNextResponsesTo(address: string, n: number): void {
    this.lose.set(address, n);
  }

  rejectAllWith(status: number | undefined): void {
    this.rejectWith = status;
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
