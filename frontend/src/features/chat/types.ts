import type { ApiSchema } from '@/lib/api-schemas';

/** The two shot flows whose analysis the coach talks about. */
export type CoachKind = 'hbf' | 'shot';

/** The player's analysis as the coach chat reads it (the feedback page's shape, spec §3 "Shot feedback"). */
export type CoachAnalysis = ApiSchema<'ShotFeedbackDto'>;

export type Sender = 'bot' | 'user';

/** A bubble in the conversation (spec §3 "Chat message"). */
export interface ChatMessage {
  id: string;
  sender: Sender;
  content: string;
  /** More of a streamed reply is coming. */
  streaming: boolean;
  /** Shown in full at once (earlier messages loaded from the server). */
  instant?: boolean;
  /** The reply failed: the apology bubble. */
  failed?: boolean;
}
