import { MigrationInterface, QueryRunner } from 'typeorm';

/** Members who signed up with a disposable (throwaway) address, flagged for staff. Rows from before get theirs at the next `npm run events:replay`. */
export class DisposableEmails1763700002402 implements MigrationInterface {
  name = 'DisposableEmails1763700002402';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE waitlist_entries ADD COLUMN disposable_email boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE waitlist_entries DROP COLUMN disposable_email`);
  }
}
