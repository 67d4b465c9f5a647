import { MigrationInterface, QueryRunner } from 'typeorm';

/** Members erased (privacy): their signup numbers stay taken, and the list's size counts them out. */
export class ErasedMembers1763700002101 implements MigrationInterface {
  name = 'ErasedMembers1763700002101';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE waitlist_counter ADD COLUMN erased_count int NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE waitlist_counter DROP COLUMN erased_count`);
  }
}
