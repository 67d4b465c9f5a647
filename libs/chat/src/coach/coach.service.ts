import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig, CoachModel, ModelMessage } from '@swishly/platform';
import { setTimeout as sleep } from 'node:timers/promises';
import { builtInAnswer, chunksOf } from './built-in-coach';
import { ChatTurn, CoachContext } from './coach-context';
import { classify } from './intents';
import { systemPrompt } from './persona';

/** Between two pieces of a built-in answer: about the pace of a fast model, so the page shows it streaming. */
export const BUILT_IN_CHUNK_DELAY_MS = 12;

export type CoachName = 'model' | 'built-in';

/**
 * The coach's replies: the configured language model (OPENAI_API_KEY) or, without one, the
 * built-in coach. Prompt injections are answered by the built-in coach either way: the model
 * never sees a message that tries to rewrite its rules.
 */
@Injectable()
export class Coach {
  constructor(
    private readonly model: CoachModel,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Who answers this message. */
  answeredBy(message: string): CoachName {
    return this.model.configured && classify(message).kind !== 'injection' ? 'model' : 'built-in';
  }

  /**
   * The reply, piece by piece. Throws ModelUnavailableError when the model fails. The built-in
   * coach's pieces come at a model's pace unless `paced` is false (the eval reads whole answers).
   */
  async *reply(context: CoachContext, history: ChatTurn[], message: string, signal?: AbortSignal, paced = true): AsyncGenerator<string> {
    if (this.answeredBy(message) === 'built-in') {
      const chunks = chunksOf(builtInAnswer(this.config.BRAND_NAME, context, history, message));
      for (const [i, chunk] of chunks.entries()) {
        if (signal?.aborted) return;
        if (i > 0 && paced) await sleep(BUILT_IN_CHUNK_DELAY_MS);
        yield chunk;
      }
      return;
    }
    yield* this.model.stream(this.messages(context, history, message), { signal, maxTokens: 400, temperature: 0.4 });
  }

  /** What the model reads: the rules and analysis, the conversation so far, the question. */
  messages(context: CoachContext, history: ChatTurn[], message: string): ModelMessage[] {
    return [
      { role: 'system', content: systemPrompt(this.config.BRAND_NAME, context) },
      ...history.map((turn): ModelMessage => ({ role: turn.sender === 'user' ? 'user' : 'assistant', content: turn.content })),
      { role: 'user', content: message },
    ];
  }
}
