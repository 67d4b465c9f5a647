import { Injectable } from '@nestjs/common';
import { apiError, EventMetadata, EventStore, isUuid, StreamVersionConflictError, uuidFrom } from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { headerProblem } from './import-csv';
import { ImportProgress, WaitlistImportsRepository } from './waitlist-imports.repository';
import { WAITLIST_IMPORT_STREAM, WaitlistImportRequested } from './waitlist-imports.events';

export interface ImportOptions {
  /** Send the welcome email to each imported member. */
  welcome: boolean;
  /** Staff state the old list was double opt-in: its confirmed rows join confirmed. */
  doubleOptIn: boolean;
}

/**
 * CSV imports of another tool's waitlist. The request only stores the file (in its own table:
 * it is personal data, never in the log) and records the request; the worker reads it and adds
 * the members a chunk at a time (RunWaitlistImportJob).
 */
@Injectable()
export class WaitlistImportsService {
  constructor(
    private readonly events: EventStore,
    private readonly imports: WaitlistImportsRepository,
  ) {}

  /** `idempotencyKey`: the same key is the same import, however often the request comes (a double click, a retried upload). */
  async request(csv: string, options: ImportOptions, meta: EventMetadata, idempotencyKey?: string): Promise<ImportProgress> {
    if (!csv.trim()) throw apiError(400, 'The file is empty: send a CSV with a header row and one member a line.', 'empty_file');
    if (csv.includes('\u0000')) throw apiError(400, 'This is not a CSV file (it holds binary data).', 'invalid_csv');
    const problem = headerProblem(csv);
    if (problem) throw apiError(400, problem, 'invalid_csv');
    const importId = idempotencyKey ? uuidFrom(`waitlist-import:${idempotencyKey}`) : randomUUID();
    try {
      await this.events.transaction(async (tx) => {
        // The request's event first: a second request under the same key stops here, before its file.
        await tx.append(
          { streamType: WAITLIST_IMPORT_STREAM, streamId: importId },
          0,
          [WaitlistImportRequested({ importId, bytes: Buffer.byteLength(csv), welcome: options.welcome, doubleOptIn: options.doubleOptIn })],
          meta,
        );
        await this.imports.storeFile(importId, csv, tx.manager);
      });
    } catch (error) {
      // The same Idempotency-Key again: that import, as it stands.
      if (!(error instanceof StreamVersionConflictError && error.streamType === WAITLIST_IMPORT_STREAM)) throw error;
    }
    return this.progress(importId);
  }

  async progress(id: string): Promise<ImportProgress> {
    const progress = isUuid(id) ? await this.imports.progress(id) : null;
    if (!progress) throw apiError(404, 'Import not found.', 'not_found');
    return progress;
  }

  /** How many members each of these imports added, for those that have finished (the audit log names the number). */
  importedCounts(ids: string[]): Promise<Map<string, number>> {
    return this.imports.importedCounts(ids.filter(isUuid));
  }

  /** The import still running, if one is (what the page shows again after a reload). */
  running(): Promise<ImportProgress | null> {
    return this.imports.running();
  }
}
