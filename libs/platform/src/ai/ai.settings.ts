import { z } from 'zod';
import { defineSettings, int, SettingsOf } from '../config/config';

/**
 * The language model behind the coach (and feedback generated from metrics): any
 * OpenAI-compatible API. Without OPENAI_API_KEY nothing is called and the built-in coach answers.
 */
export const AiSettings = defineSettings('ai', {
  /** Server-side only: never sent to the browser. Unset: the built-in coach. */
  OPENAI_API_KEY: z.string().trim().min(1).optional(),
  /** Another OpenAI-compatible endpoint (e.g. https://api.groq.com/openai/v1); unset: api.openai.com. */
  OPENAI_BASE_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' }).optional(),
  OPENAI_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  /** Per attempt: to the first byte, and between two streamed chunks. */
  OPENAI_TIMEOUT_MS: int(20000, 100),
});

export type AiConfig = SettingsOf<typeof AiSettings>;
