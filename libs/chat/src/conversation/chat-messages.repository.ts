import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { ShotKind } from '../coach/coach-context';
import { ChatMessage } from './entities/chat-message.entity';

/** The conversation log's queries. The projection's insert is static (it runs in the append's transaction). */
@Injectable()
export class ChatMessagesRepository {
  constructor(@InjectRepository(ChatMessage) private readonly messages: Repository<ChatMessage>) {}

  static async insert(row: ChatMessage, db: EntityManager): Promise<void> {
    await db.insert(ChatMessage, row);
  }

  /** The conversation, oldest first. */
  conversation(kind: ShotKind, shotCode: string, limit = 500): Promise<ChatMessage[]> {
    return this.messages.find({ where: { kind, shotCode }, order: { position: 'ASC' }, take: limit });
  }

  /** The last `count` messages, oldest first (what the coach reads with a question). */
  async recent(kind: ShotKind, shotCode: string, count: number): Promise<ChatMessage[]> {
    if (count === 0) return [];
    const rows = await this.messages.find({ where: { kind, shotCode }, order: { position: 'DESC' }, take: count });
    return rows.reverse();
  }
}
