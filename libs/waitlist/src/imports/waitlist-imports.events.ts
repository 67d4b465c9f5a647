import { defineConsumer, defineEvent } from '@swishly/platform';

/** One stream per CSV import. Its events hold counts and line numbers, never a person's data. */
export const WAITLIST_IMPORT_STREAM = 'waitlist-import';

/** A line of the file that was not imported, and why (no address: staff find the line in their file). */
export interface ImportLine {
  line: number;
  reason: string;
}

/**
 * Staff (the event's actor) asked to import a CSV. The file itself waits in its own table
 * (waitlist_import_files), never in the log, and is deleted once the import has read it.
 */
export const WaitlistImportRequested = defineEvent<{ importId: string; bytes: number; welcome: boolean; doubleOptIn: boolean }>('waitlist.import-requested');

/** The worker read the file: `total` rows, in file order or by their joined_at date. */
export const WaitlistImportStarted = defineEvent<{ importId: string; total: number; order: 'file' | 'joined_at' }>('waitlist.import-started');

/** Rows up to `through` (their place in import order) are done: how many joined, and the lines skipped or invalid. */
export const WaitlistImportChunkImported = defineEvent<{
  importId: string;
  through: number;
  processed: number;
  imported: number;
  skipped: ImportLine[];
  invalid: ImportLine[];
}>('waitlist.import-chunk-imported');

/** Every row is done; the rows kept for the import are deleted. `error`: the file could not be read at all. */
export const WaitlistImportFinished = defineEvent<{ importId: string; error: string | null }>('waitlist.import-finished');

/**
 * Runs an import a chunk at a time: each chunk is one job and one transaction, which appends the
 * next chunk's event, so a worker killed mid-import resumes at the chunk it was in and nobody is
 * added twice (the consumers' protocol records each event as processed with its effects).
 */
export const RunWaitlistImport = defineConsumer('waitlist.run-import', [WaitlistImportRequested, WaitlistImportStarted, WaitlistImportChunkImported], {
  oneJobPerEvent: true,
  first: true,
});
