import { Inject, Injectable } from '@nestjs/common';
import {
  APP_CONFIG,
  AppConfig,
  DataSubject,
  ErasedRecords,
  erasePersonalData,
  monthsBefore,
  PersonalDataHolder,
  PersonalDataRegistry,
  RetentionRule,
} from '@swishly/platform';
import { EntityManager } from 'typeorm';
import { ShotKind } from '../coach/coach-context';
import { chatSubject } from './chat.events';
import { ShotAnalyses } from './shot-analyses';

/**
 * The coach chat's part: the conversations about the shots the person claimed. Their messages
 * are filed under the conversation's subject (chatSubject), which the erasure deletes with the
 * person's own; the read model's rows go here.
 */
@Injectable()
export class ChatPersonalData implements PersonalDataHolder, RetentionRule {
  constructor(
    registry: PersonalDataRegistry,
    private readonly shots: ShotAnalyses,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    registry.register(this);
    registry.registerRetention(this);
  }

  /**
   * A conversation whose last message is older than RETENTION_COACH_CONVERSATION_MONTHS is
   * forgotten: its messages' text leaves personal_data (a replay skips them) and the read model.
   * The shot's analysis stays.
   */
  async expire(now: Date, db: EntityManager): Promise<Record<string, number>> {
    const old: Conversation[] = await db.query(
      `SELECT kind, shot_code AS code FROM chat_messages GROUP BY kind, shot_code HAVING max(created_at) < $1 LIMIT 1000`,
      [monthsBefore(now, this.config.RETENTION_COACH_CONVERSATION_MONTHS)],
    );
    if (old.length === 0) return { coach_conversations: 0 };
    await erasePersonalData(
      db,
      old.map(({ kind, code }) => chatSubject(kind, code)),
    );
    await deleteConversations(db, old);
    return { coach_conversations: old.length };
  }

  async linkedSubjects(email: string, db: EntityManager): Promise<string[]> {
    return (await this.shots.shotsClaimedBy(email, db)).map(({ kind, code }) => chatSubject(kind, code));
  }

  async collect(person: DataSubject, db: EntityManager): Promise<Record<string, unknown>> {
    const conversations = conversationsOf(person);
    if (conversations.length === 0) return { chatMessages: [] };
    const messages: { kind: string; shotCode: string; sender: string; content: string; createdAt: Date }[] = await db.query(
      `SELECT kind, shot_code AS "shotCode", sender, content, created_at AS "createdAt" FROM chat_messages
       WHERE ${IN_CONVERSATIONS} ORDER BY position`,
      conversationParams(conversations),
    );
    return { chatMessages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })) };
  }

  async erase(person: DataSubject, db: EntityManager): Promise<ErasedRecords> {
    const conversations = conversationsOf(person);
    if (conversations.length === 0) return { records: 0 };
    return { records: await deleteConversations(db, conversations) };
  }
}

type Conversation = { kind: ShotKind; code: string };

/** A chat_messages row of one of the conversations in $1 (kinds) and $2 (codes): conversationParams. */
const IN_CONVERSATIONS = '(kind, shot_code) IN (SELECT * FROM unnest($1::varchar[], $2::varchar[]))';
const conversationParams = (conversations: Conversation[]) => [conversations.map((c) => c.kind), conversations.map((c) => c.code)];

/** Deletes the messages of these conversations from the read model; returns how many. */
async function deleteConversations(db: EntityManager, conversations: Conversation[]): Promise<number> {
  const [, deleted] = await db.query(`DELETE FROM chat_messages WHERE ${IN_CONVERSATIONS}`, conversationParams(conversations));
  return deleted;
}

/** The conversations among a person's subjects (chatSubject: `chat:<kind>:<code>`). */
function conversationsOf(person: DataSubject): Conversation[] {
  return person.subjects
    .filter((subject) => subject.startsWith('chat:'))
    .map((subject) => {
      const [, kind, code] = subject.split(':');
      return { kind: kind as ShotKind, code };
    });
}
