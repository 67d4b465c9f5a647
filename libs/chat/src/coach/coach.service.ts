import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, AppConfig, CoachModel, ModelMessage } from '@swishly/platform';
import { setTimeout as sleep } from 'node:timers/promises';
import { builtInAnswer, chunksOf } from './built-in-coach';
import { ChatTurn, CoachContext } from './coach-context';
import { classify } from './intents';
import { inventedNumbers } from './number-check';
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
  private readonly logger = new Logger(Coach.name);

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
   * coach's pieces come at a model's pace unless `paced` is false (the eval reads whole answers);
   * a model's answer comes once it has been checked.
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
    // The model's whole answer is checked before any of it is shown: one measurement the
    // analysis does not hold and the built-in coach answers instead.
    let answer = '';
    for await (const piece of this.model.stream(this.messages(context, history, message), { signal, maxTokens: 400, temperature: 0.4 })) answer += piece;
    if (signal?.aborted) return;
    const invented = inventedNumbers(answer, context, message);
    if (invented.length > 0) {
      this.logger.warn(`The model's answer stated ${invented.join(', ')}, not in the analysis: the built-in coach answered instead`);
      answer = builtInAnswer(this.config.BRAND_NAME, context, history, message);
    }
    for (const chunk of chunksOf(answer, 6)) yield chunk;
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
