import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { normaliseEmail } from '../entries/email';
import { ImportRow } from './import-csv';
import { ImportLine } from './waitlist-imports.events';

/** An import as staff follow it: its progress, then its report (lines skipped and invalid, without addresses). */
export interface ImportProgress {
  id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  /** Rows in the file (null until the worker has read it). */
  total: number | null;
  processed: number;
  imported: number;
  skipped: number;
  invalid: number;
  welcome: boolean;
  doubleOptIn: boolean;
  order: 'file' | 'joined_at' | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** The first 1,000 lines skipped (already on the list, repeated in the file) and invalid, with why. */
  skippedLines: ImportLine[];
  invalidLines: ImportLine[];
}

/** A staged row as a chunk reads it back. */
export type StagedRow = Omit<ImportRow, 'problem'> & { problemKind: 'skipped' | 'invalid' | null; problem: string | null };

/** Lines listed in a report, at most (the counts are exact). */
export const LISTED_LINES = 1000;

const PROGRESS = `SELECT id, status, total, processed, imported, skipped, invalid, welcome, double_opt_in AS "doubleOptIn", import_order AS "order", error,
  created_at AS "createdAt", finished_at AS "finishedAt", skipped_lines AS "skippedLines", invalid_lines AS "invalidLines" FROM waitlist_imports`;

/** The import tables' queries: the progress read model, the file while it waits, the rows while they are imported. */
@Injectable()
export class WaitlistImportsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async progress(id: string): Promise<ImportProgress | null> {
    const [row] = await this.dataSource.query(`${PROGRESS} WHERE id = $1`, [id]);
    return row ? serialise(row) : null;
  }

  /** The latest import not yet finished. */
  async running(): Promise<ImportProgress | null> {
    const [row] = await this.dataSource.query(`${PROGRESS} WHERE finished_at IS NULL ORDER BY created_at DESC LIMIT 1`);
    return row ? serialise(row) : null;
  }

  async importedCounts(ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows: { id: string; imported: number }[] = await this.dataSource.query(
      `SELECT id, imported FROM waitlist_imports WHERE id = ANY($1::uuid[]) AND status = 'done'`,
      [ids],
    );
    return new Map(rows.map((r) => [r.id, r.imported]));
  }

  async storeFile(importId: string, csv: string, db: EntityManager): Promise<void> {
    await db.query('INSERT INTO waitlist_import_files (import_id, csv) VALUES ($1, $2)', [importId, csv]);
  }

  async file(importId: string, db: EntityManager): Promise<string | null> {
    const [row] = await db.query('SELECT csv FROM waitlist_import_files WHERE import_id = $1', [importId]);
    return row?.csv ?? null;
  }

  async stageRows(importId: string, rows: ImportRow[], db: EntityManager): Promise<void> {
    // In slices: a statement's parameters are arrays, but 100,000 rows of them is one huge message.
    for (let start = 0; start < rows.length; start += 10_000) {
      const slice = rows.slice(start, start + 10_000);
      await db.query(
        `INSERT INTO waitlist_import_rows (import_id, seq, line, email, email_normalized, first_name, joined_at, confirmed, referred_by, problem_kind, problem)
         SELECT $1, * FROM unnest($2::int[], $3::int[], $4::varchar[], $5::text[], $6::varchar[], $7::timestamptz[], $8::boolean[], $9::text[], $10::varchar[], $11::text[])`,
        [
          importId,
          slice.map((r) => r.seq),
          slice.map((r) => r.line),
          slice.map((r) => r.email.slice(0, 254)),
          slice.map((r) => normaliseEmail(r.email)),
          slice.map((r) => r.firstName.slice(0, 100)),
          slice.map((r) => r.joinedAt),
          slice.map((r) => r.confirmed),
          slice.map((r) => r.referredBy),
          slice.map((r) => r.problem?.kind ?? null),
          slice.map((r) => r.problem?.reason ?? null),
        ],
      );
    }
  }

  async rowsAfter(importId: string, seq: number, limit: number, db: EntityManager): Promise<StagedRow[]> {
    const rows = await db.query(
      `SELECT seq, line, email, first_name AS "firstName", joined_at AS "joinedAt", confirmed, referred_by AS "referredBy",
              problem_kind AS "problemKind", problem
       FROM waitlist_import_rows WHERE import_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
      [importId, seq, limit],
    );
    return rows.map((r: StagedRow & { joinedAt: Date | null }) => ({ ...r, joinedAt: r.joinedAt ? new Date(r.joinedAt).toISOString() : null }));
  }

  /** The file and its rows go when the import ends (they are personal data, kept only while it runs). */
  async forget(importId: string, db: EntityManager): Promise<void> {
    await db.query('DELETE FROM waitlist_import_files WHERE import_id = $1', [importId]);
    await db.query('DELETE FROM waitlist_import_rows WHERE import_id = $1', [importId]);
  }

  async forgetFile(importId: string, db: EntityManager): Promise<void> {
    await db.query('DELETE FROM waitlist_import_files WHERE import_id = $1', [importId]);
  }

  /** An erased person is taken out of the rows waiting to be imported too (they must not join after the erasure). */
  static async eraseWaitingRows(emailNormalized: string, db: EntityManager): Promise<void> {
    await db.query('DELETE FROM waitlist_import_rows WHERE email_normalized = $1', [emailNormalized]);
  }

  /** Members already on the list, by address or by referral code (the referrers rows name). */
  async membersBy(
    addresses: string[],
    codes: string[],
    db: EntityManager,
  ): Promise<{ id: string; email_normalized: string; email_canonical: string; referral_code: string }[]> {
    if (addresses.length === 0 && codes.length === 0) return [];
    return db.query(
      `SELECT id, email_normalized, email_canonical, referral_code FROM waitlist_entries
       WHERE email_normalized = ANY($1::text[]) OR referral_code = ANY($2::varchar[])`,
      [addresses, codes],
    );
  }
}

function serialise(row: ImportProgress & { createdAt: Date | string; finishedAt: Date | string | null }): ImportProgress {
  return {
    ...row,
    createdAt: new Date(row.createdAt).toISOString(),
    finishedAt: row.finishedAt ? new Date(row.finishedAt).toISOString() : null,
  };
}
