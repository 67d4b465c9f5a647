import { defineEvent } from '@swishly/platform';
import { ShotKind } from '../coach/coach-context';

/** One conversation per shot record: stream id `${kind}:${code}`. */
export const CHAT_STREAM = 'chat';
export const chatStreamId = (kind: ShotKind, code: string) => `${kind}:${code}`;

export interface ChatMessagePostedPayload {
  messageId: string;
  kind: ShotKind;
  shotCode: string;
  sender: 'user' | 'bot';
  content: string;
  /** Who wrote a bot message: the configured model or the built-in coach. */
  coach?: 'model' | 'built-in';
}

/** A message of the coach chat: the player's question, or the coach's whole reply once it has streamed. */
/** A conversation's messages are filed under its shot (chatSubject): erasing the player who claimed the shot erases them. */
export const chatSubject = (kind: ShotKind, code: string) => `chat:${chatStreamId(kind, code)}`;

export const ChatMessagePosted = defineEvent<ChatMessagePostedPayload>('chat.message-posted', {
  personalData: { fields: ['content'], subject: (p) => chatSubject(p.kind, p.shotCode) },
});
