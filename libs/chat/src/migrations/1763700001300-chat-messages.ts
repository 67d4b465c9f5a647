import { MigrationInterface, QueryRunner } from 'typeorm';

/** The coach chat's conversations, one per shot record (projection of chat.message-posted). */
export class ChatMessages1763700001300 implements MigrationInterface {
  name = 'ChatMessages1763700001300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE IF NOT EXISTS chat_messages (
        id         uuid PRIMARY KEY,
        kind       varchar(8) NOT NULL,
        shot_code  varchar(32) NOT NULL,
        position   bigint NOT NULL,
        sender     varchar(4) NOT NULL CHECK (sender IN ('user', 'bot')),
        content    text NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX IF NOT EXISTS chat_messages_conversation ON chat_messages (kind, shot_code, position)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE chat_messages`);
  }
}
