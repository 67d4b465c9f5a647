import { Inject, Injectable, Logger } from '@nestjs/common';
import OpenAI from 'openai';
import { AiConfig, AiSettings } from './ai.settings';

/** One message of a conversation with the model. */
export interface ModelMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ModelCallOptions {
  /** Aborts the call (the visitor left): no more retries, the stream ends. */
  signal?: AbortSignal;
  maxTokens?: number;
  temperature?: number;
}

/** The provider failed (after its retries), timed out, or is not configured. The message is for logs, never for visitors. */
export class ModelUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ModelUnavailableError';
  }
}

/** Attempts after the first on connection errors, 408, 409, 429 and 5xx (the SDK's back-off). */
const MAX_RETRIES = 2;

/**
 * Any OpenAI-compatible chat API through the `openai` SDK (OPENAI_API_KEY, OPENAI_BASE_URL,
 * OPENAI_MODEL, OPENAI_TIMEOUT_MS). Callers check `configured` and fall back to their own
 * deterministic answer without a key. Each attempt has the timeout to its first byte; a stream
 * that then stalls for as long is cut off.
 */
@Injectable()
export class CoachModel {
  private readonly logger = new Logger(CoachModel.name);
  private readonly client: OpenAI | null;
  readonly model: string;
  /** Who runs the model, for the Privacy Policy's list of processors (null: the built-in coach, nobody else). */
  readonly provider: string | null;
  private readonly timeoutMs: number;

  constructor(@Inject(AiSettings.token) settings: AiConfig) {
    this.model = settings.OPENAI_MODEL;
    this.provider = !settings.OPENAI_API_KEY ? null : settings.OPENAI_BASE_URL ? new URL(settings.OPENAI_BASE_URL).hostname : 'OpenAI';
    this.timeoutMs = settings.OPENAI_TIMEOUT_MS;
    this.client = settings.OPENAI_API_KEY
      ? new OpenAI({ apiKey: settings.OPENAI_API_KEY, baseURL: settings.OPENAI_BASE_URL, timeout: this.timeoutMs, maxRetries: MAX_RETRIES })
      : null;
  }

  get configured(): boolean {
    return this.client !== null;
  }

  /** The reply's text as the model streams it, chunk by chunk. Throws ModelUnavailableError. */
  async *stream(messages: ModelMessage[], options: ModelCallOptions = {}): AsyncGenerator<string> {
    const client = this.require();
    const idle = new AbortController();
    const signal = options.signal ? AbortSignal.any([options.signal, idle.signal]) : idle.signal;
    let timer: NodeJS.Timeout | undefined;
    const armIdleTimer = () => {
      clearTimeout(timer);
      timer = setTimeout(() => idle.abort(new Error(`no chunk for ${this.timeoutMs} ms`)), this.timeoutMs);
    };
    try {
      armIdleTimer();
      const stream = await client.chat.completions.create(
        { model: this.model, messages, stream: true, max_tokens: options.maxTokens, temperature: options.temperature },
        { signal },
      );
      for await (const chunk of stream) {
        armIdleTimer();
        const text = chunk.choices[0]?.delta?.content;
        if (text) yield text;
      }
    } catch (error) {
      if (options.signal?.aborted) return;
      throw this.unavailable(idle.signal.aborted ? idle.signal.reason : error);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The whole reply at once (e.g. feedback written from metrics). Throws ModelUnavailableError. */
  async complete(messages: ModelMessage[], options: ModelCallOptions = {}): Promise<string> {
    const client = this.require();
    try {
      const completion = await client.chat.completions.create(
        { model: this.model, messages, max_tokens: options.maxTokens, temperature: options.temperature },
        { signal: options.signal },
      );
      const text = completion.choices[0]?.message?.content?.trim();
      if (!text) throw new Error('the model answered with no text');
      return text;
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  private require(): OpenAI {
    if (!this.client) throw new ModelUnavailableError('OPENAI_API_KEY is not set');
    return this.client;
  }

  private unavailable(error: unknown): ModelUnavailableError {
    const message = error instanceof Error ? error.message : String(error);
    this.logger.warn(`Language model unavailable: ${message}`);
    return new ModelUnavailableError(message, { cause: error });
  }
}
