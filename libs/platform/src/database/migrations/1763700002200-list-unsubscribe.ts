import { MigrationInterface, QueryRunner } from 'typeorm';

/** A marketing email's one-click unsubscribe URL (RFC 8058), sent as its List-Unsubscribe header. */
export class ListUnsubscribe1763700002200 implements MigrationInterface {
  name = 'ListUnsubscribe1763700002200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mail_log ADD COLUMN list_unsubscribe varchar(600)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mail_log DROP COLUMN list_unsubscribe`);
  }
}
