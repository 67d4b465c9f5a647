import { MigrationInterface, QueryRunner } from 'typeorm';

/** Admissions (staff let the next N confirmed members in): their size and how many invites have gone. A projection. */
export class Admissions1763700002301 implements MigrationInterface {
  name = 'Admissions1763700002301';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE waitlist_admissions (
        id          uuid PRIMARY KEY,
        requested   integer NOT NULL,
        total       integer NOT NULL,
        invited     integer NOT NULL DEFAULT 0,
        created_by  uuid,
        created_at  timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE waitlist_admissions`);
  }
}
