import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** Read model of ChatMessagePosted (spec §3 "Chat message"): the conversation of one shot record. */
@Entity('chat_messages')
@Index('chat_messages_conversation', ['kind', 'shotCode', 'position'])
export class ChatMessage {
  @PrimaryColumn('uuid')
  id: string;

  @Column('varchar', { length: 8 })
  kind: string;

  @Column('varchar', { name: 'shot_code', length: 32 })
  shotCode: string;

  /** The event's position in the log: the order of the conversation. */
  @Column('bigint')
  position: string;

  @Column('varchar', { length: 4 })
  sender: 'user' | 'bot';

  @Column('text')
  content: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}
