import { readCookie } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';

// POST /api/chat (spec §7 "coach-chat"): the reply arrives as server-sent events, read here
// from the response body (EventSource cannot POST):
//   data: {"type":"delta","text":"..."}   many, in order
//   data: {"type":"done","messageId":"..."} last
//   data: {"type":"error","error":"..."}   the provider failed mid-stream
// Refusals (400, 404, 429) come as JSON errors before any stream.

export type ChatRequest = ApiSchema<'PostChatMessageDto'>;

/** Any failure of a chat request: refused, cut off, or a network error. */
export class ChatStreamError extends Error {
  readonly status: number;

  constructor(message: string, status = 0) {
    super(message);
    this.name = 'ChatStreamError';
    this.status = status;
  }
}

type StreamEvent = { type: 'delta'; text: string } | { type: 'done'; messageId?: string } | { type: 'error'; error?: string };

/** The `data:` payload of one event block (several data lines join with a newline); null when it has none. */
export function eventData(block: string): string | null {
  const lines = block
    .split(/\r?\n/)
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5));
  return lines.length ? lines.join('\n') : null;
}

async function refusal(response: Response): Promise<ChatStreamError> {
  let message = `The coach answered ${response.status}.`;
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === 'string' && body.error) message = body.error;
  } catch {
    // Not JSON: keep the status.
  }
  return new ChatStreamError(message, response.status);
}

/** Sends one message as the shot's claimer (`claimToken`); calls `onDelta` with each piece of the reply as it arrives. */
export async function streamChat(request: ChatRequest, claimToken: string | null, onDelta: (text: string) => void, signal?: AbortSignal): Promise<void> {
  const headers = new Headers({ 'Content-Type': 'application/json', Accept: 'text/event-stream' });
  if (claimToken) headers.set('Authorization', `Bearer ${claimToken}`);
  const csrf = readCookie('csrf_token');
  if (csrf) headers.set('X-CSRF-Token', csrf);

  let response: Response;
  try {
    response = await fetch('/api/chat', { method: 'POST', headers, body: JSON.stringify(request), credentials: 'same-origin', signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ChatStreamError('Could not reach the coach.');
  }
  if (!response.ok) throw await refusal(response);
  if (!response.body) throw new ChatStreamError('The reply had no body.');

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end = buffer.search(/\r?\n\r?\n/);
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '');
      const data = eventData(block);
      if (data !== null) {
        let event: StreamEvent;
        try {
          event = JSON.parse(data) as StreamEvent;
        } catch {
          throw new ChatStreamError('The reply could not be read.');
        }
        if (event.type === 'delta') onDelta(event.text);
        else if (event.type === 'done') {
          void reader.cancel().catch(() => undefined);
          return;
        } else if (event.type === 'error') throw new ChatStreamError(event.error || 'The coach failed.');
      }
      end = buffer.search(/\r?\n\r?\n/);
    }
  }
  throw new ChatStreamError('The reply ended early.');
}
