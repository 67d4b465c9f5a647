import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';

export interface ReceivedCompletion {
  authorization: string | undefined;
  body: { model: string; stream?: boolean; messages: { role: string; content: string }[] };
}

/** What the next completions do: stream a reply, refuse (HTTP status), or stream a few chunks and drop the connection. */
export type FakeBehaviour = { reply: string[] } | { status: number } | { reply: string[]; dropAfter: number };

/**
 * A stand-in for an OpenAI-compatible API on loopback, driven through the real `openai` SDK:
 * POST /chat/completions streams its chunks as server-sent events, one every `intervalMs`
 * (`data: {...chat.completion.chunk}` ... `data: [DONE]`), or answers at once without `stream`.
 */
export class FakeOpenAI {
  readonly requests: ReceivedCompletion[] = [];
  behaviour: FakeBehaviour = { reply: ['Work ', 'on ', 'your ', 'release.'] };
  private server?: Server;

  /** Between two streamed chunks. */
  constructor(public intervalMs = 5) {}

  async start(): Promise<string> {
    this.server = createServer(async (req, res) => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Not found' } }));
        return;
      }
      const body = JSON.parse(await readBody(req));
      this.requests.push({ authorization: req.headers.authorization, body });
      const behaviour = this.behaviour;
      if ('status' in behaviour) {
        res
          .writeHead(behaviour.status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: 'The fake is failing on purpose', type: 'server_error' } }));
        return;
      }
      const chunk = (delta: object, finish: string | null = null) =>
        `data: ${JSON.stringify({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 0, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      if (!body.stream) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'chatcmpl-fake',
            object: 'chat.completion',
            created: 0,
            model: body.model,
            choices: [{ index: 0, message: { role: 'assistant', content: behaviour.reply.join('') }, finish_reason: 'stop' }],
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(chunk({ role: 'assistant', content: '' }));
      for (const [i, text] of behaviour.reply.entries()) {
        await new Promise((r) => setTimeout(r, this.intervalMs));
        if ('dropAfter' in behaviour && i === behaviour.dropAfter) {
          res.destroy();
          return;
        }
        res.write(chunk({ content: text }));
      }
      res.end(chunk({}, 'stop') + 'data: [DONE]\n\n');
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
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
