import { defineSettings, int } from '@swishly/platform';

/** The coach chat's own settings (environment variables; `.env.example` describes them). */
export const ChatSettings = defineSettings('chat', {
  /** Messages one shot code may send per minute (every visitor of that analysis together). */
  CHAT_RATE_LIMIT_PER_CODE_PER_MINUTE: int(10, 1),
  /** Messages one address may send per minute, across codes. */
  CHAT_RATE_LIMIT_PER_IP_PER_MINUTE: int(20, 1),
  /** Earlier messages of the conversation the coach reads with each question. */
  CHAT_HISTORY_MESSAGES: int(12, 0),
});
