import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CSV imports (/admin/waitlist). `waitlist_imports` is the projection of an import's events (its
 * progress and report: counts and line numbers). The file and its rows are personal data kept
 * apart from the log, only while the import runs: `waitlist_import_files` holds the file until
 * the worker has read it, `waitlist_import_rows` its rows until the last one is imported.
 */
export class WaitlistImports1763700003600 implements MigrationInterface {
  name = 'WaitlistImports1763700003600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE waitlist_imports (
      id uuid PRIMARY KEY,
      status varchar(8) NOT NULL,
      total integer,
      processed integer NOT NULL DEFAULT 0,
      imported integer NOT NULL DEFAULT 0,
      skipped integer NOT NULL DEFAULT 0,
      invalid integer NOT NULL DEFAULT 0,
      skipped_lines jsonb NOT NULL DEFAULT '[]',
      invalid_lines jsonb NOT NULL DEFAULT '[]',
      welcome boolean NOT NULL,
      double_opt_in boolean NOT NULL,
      import_order varchar(9),
      error text,
      created_by uuid,
      created_at timestamptz NOT NULL,
      finished_at timestamptz
    )`);
    await q.query(`CREATE INDEX waitlist_imports_running ON waitlist_imports (created_at) WHERE finished_at IS NULL`);
    await q.query(`CREATE TABLE waitlist_import_files (import_id uuid PRIMARY KEY, csv text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
    await q.query(`CREATE TABLE waitlist_import_rows (
      import_id uuid NOT NULL,
      seq integer NOT NULL,
      line integer NOT NULL,
      email varchar(254) NOT NULL,
      email_normalized text NOT NULL,
      first_name varchar(100) NOT NULL,
      joined_at timestamptz,
      confirmed boolean NOT NULL,
      referred_by text,
      problem_kind varchar(8),
      problem text,
      PRIMARY KEY (import_id, seq)
    )`);
    // An erasure finds a person among the rows still waiting to be imported.
    await q.query(`CREATE INDEX waitlist_import_rows_email ON waitlist_import_rows (email_normalized)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE waitlist_import_rows`);
    await q.query(`DROP TABLE waitlist_import_files`);
    await q.query(`DROP TABLE waitlist_imports`);
  }
}
