import { Inject, Injectable } from '@nestjs/common';
import { addressKey, apiError, EventMetadata, EventStore, RateLimiter, SettingsOf } from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { ChatSettings } from '../chat.settings';
import { suggestionsFor } from '../coach/built-in-coach';
import { Coach, CoachName } from '../coach/coach.service';
import { ChatTurn, ShotKind } from '../coach/coach-context';
import { CHAT_STREAM, ChatMessagePosted, chatStreamId } from './chat.events';
import { ChatMessagesRepository } from './chat-messages.repository';
import { ChatMessagesDto, PostChatMessageDto } from './dto/chat.dto';
import { ShotAnalyses } from './shot-analyses';

/** A question accepted and stored: the coach's reply still to stream, and to store once complete. */
export interface ChatTurnInProgress {
  coach: CoachName;
  reply(signal: AbortSignal): AsyncIterable<string>;
  /** Stores the whole reply; returns its message id. */
  save(reply: string): Promise<string>;
}

const notFound = () => apiError(404, 'No shot analysis was found for this code.', 'shot_not_found');

@Injectable()
export class ChatService {
  constructor(
    private readonly events: EventStore,
    private readonly messages: ChatMessagesRepository,
    private readonly analyses: ShotAnalyses,
    private readonly coach: Coach,
    private readonly limiter: RateLimiter,
    @Inject(ChatSettings.token) private readonly settings: SettingsOf<typeof ChatSettings>,
  ) {}

  /**
   * Checks the limits and the record, stores the player's message and hands back the reply to
   * stream. Nothing here holds a connection while the coach answers: the reply is stored by
   * `save`, in its own short transaction, after the stream completed.
   */
  async post(request: PostChatMessageDto, claimToken: string | null, meta: EventMetadata): Promise<ChatTurnInProgress> {
    const { kind, shotCode, message } = request;
    // Read while the address is counted (one round trip instead of three before the coach starts);
    // the answer still goes by the limit first, so a limited address learns nothing about codes.
    const [withinIpLimit, context, recent] = await Promise.all([
      this.limiter.hit(`chat:ip:${addressKey(meta.ip)}`, this.settings.CHAT_RATE_LIMIT_PER_IP_PER_MINUTE, 60, 'in-process'),
      this.analyses.coachContext(kind, shotCode, claimToken).catch((refused: unknown) => ({ refused })),
      this.messages.recent(kind, shotCode, this.settings.CHAT_HISTORY_MESSAGES),
    ]);
    if (!withinIpLimit) throw apiError(429, 'Too many messages. Please wait a minute and try again.', 'rate_limited');
    if (context && 'refused' in context) throw context.refused;
    if (!context) throw notFound();
    if (!(await this.limiter.hit(`chat:code:${kind}:${shotCode}`, this.settings.CHAT_RATE_LIMIT_PER_CODE_PER_MINUTE, 60, 'in-process'))) {
      throw apiError(429, 'Too many messages for this analysis. Please wait a minute and try again.', 'rate_limited');
    }
    const history: ChatTurn[] = recent.map((m) => ({ sender: m.sender, content: m.content }));
    await this.append(kind, shotCode, 'user', message, meta);
    const coach = this.coach.answeredBy(message);
    return {
      coach,
      reply: (signal) => this.coach.reply(context, history, message, signal),
      save: (reply) => this.append(kind, shotCode, 'bot', reply, { ...meta, actorType: 'system', actorId: null }, coach),
    };
  }

  /** The conversation, to the shot's claimer only. */
  async conversation(kind: ShotKind, shotCode: string, claimToken: string | null): Promise<ChatMessagesDto> {
    const context = await this.analyses.coachContext(kind, shotCode, claimToken);
    if (!context) throw notFound();
    const rows = await this.messages.conversation(kind, shotCode);
    return {
      messages: rows.map((m) => ({ id: m.id, sender: m.sender, content: m.content, createdAt: m.createdAt.toISOString() })),
      suggestions: suggestionsFor(context),
    };
  }

  private async append(kind: ShotKind, shotCode: string, sender: 'user' | 'bot', content: string, meta: EventMetadata, coach?: CoachName): Promise<string> {
    const messageId = randomUUID();
    await this.events.append(
      { streamType: CHAT_STREAM, streamId: chatStreamId(kind, shotCode) },
      'any',
      [ChatMessagePosted({ messageId, kind, shotCode, sender, content, ...(coach ? { coach } : {}) })],
      meta,
    );
    return messageId;
  }
}
