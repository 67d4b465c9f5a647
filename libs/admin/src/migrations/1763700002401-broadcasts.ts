import { MigrationInterface, QueryRunner } from 'typeorm';

/** Launch announcements (/admin/broadcasts): what staff sent to whom, and how many of its chunks are written. A projection. */
export class Broadcasts1763700002401 implements MigrationInterface {
  name = 'Broadcasts1763700002401';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE broadcasts (
        id           uuid PRIMARY KEY,
        subject      varchar(300) NOT NULL,
        html         text NOT NULL,
        audience     varchar(16) NOT NULL,
        total        integer NOT NULL,
        chunks       integer NOT NULL,
        chunks_done  integer NOT NULL DEFAULT 0,
        skipped      integer NOT NULL DEFAULT 0,
        created_by   uuid,
        created_at   timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX broadcasts_created_at ON broadcasts (created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE broadcasts`);
  }
}
