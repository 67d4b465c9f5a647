import { CSV_BODY_MAX_BYTES } from '@swishly/platform';
import { isEmail } from 'class-validator';
import { parse } from 'csv-parse/sync';
import { normaliseEmail } from '../entries/email';

/** The largest CSV an import takes (a 100,000-member list is about 5 MB). */
export const IMPORT_MAX_BYTES = CSV_BODY_MAX_BYTES;

export const IMPORT_COLUMNS = ['email', 'first_name', 'joined_at', 'confirmed', 'referred_by'] as const;
const REQUIRED = ['email', 'first_name'];

/** One data row of the file, read and checked, in import order (`seq` from 1). */
export interface ImportRow {
  seq: number;
  /** The row's line in the file (its last line, for a quoted value spanning several). */
  line: number;
  email: string;
  firstName: string;
  joinedAt: string | null;
  confirmed: boolean;
  /** An address (normalised) or a referral code (upper case) of whoever referred them. */
  referredBy: string | null;
  /** Why the row is not imported, decided from the file alone; null when it may be. */
  problem: { kind: 'skipped' | 'invalid'; reason: string } | null;
}

const lower = (header: string[]) => header.map((column) => column.trim().toLowerCase());

/** What is wrong with the file's header row (null: it has the columns an import needs). */
export function headerProblem(csv: string): string | null {
  const firstLine = csv.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  let header: string[];
  try {
    [header = []] = parse(firstLine, { relax_column_count: true, relax_quotes: true }) as string[][];
  } catch {
    return 'The first line of the file must be its header row (email, first_name, ...).';
  }
  const missing = REQUIRED.filter((column) => !lower(header).includes(column));
  return missing.length ? `The file has no ${missing.join(' or ')} column: its first line must name the columns (email, first_name, ...).` : null;
}

const YES = ['true', 'yes', '1', 'y'];
const NO = ['false', 'no', '0', 'n', ''];
/** A date, or a date and time (ISO 8601). */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const REFERRAL_CODE = /^[A-Za-z0-9]{4,16}$/;

/**
 * Reads the file into rows, each checked as the public form checks a join (the same address
 * validation and normalisation, the same first-name rule), in the order they will join: the
 * file's, or their joined_at dates' when every row has one. Of several rows with one address the
 * first joins and the others are skipped. Throws when the file is not CSV at all.
 */
export function readImportCsv(csv: string, now = new Date()): { rows: ImportRow[]; order: 'file' | 'joined_at' } {
  const records = parse(csv, {
    bom: true,
    columns: lower,
    skip_empty_lines: true,
    relax_column_count: true,
    trim: false,
    info: true,
  }) as { record: Record<string, string | undefined>; info: { lines: number } }[];
  const rows = records.map(({ record, info }): ImportRow => {
    const email = (record.email ?? '').trim();
    const firstName = (record.first_name ?? '').trim();
    const joinedAtText = (record.joined_at ?? '').trim();
    const confirmedText = (record.confirmed ?? '').trim().toLowerCase();
    const referredByText = (record.referred_by ?? '').trim();
    const joinedAt = ISO_DATE.test(joinedAtText) && !Number.isNaN(Date.parse(joinedAtText)) ? new Date(joinedAtText).toISOString() : null;
    const invalid = (reason: string) => ({ kind: 'invalid' as const, reason });
    const problem =
      !email || !isEmail(email) || email.length > 254
        ? invalid(email ? 'Not a valid email address' : 'No email address')
        : !firstName
          ? invalid('No first name')
          : firstName.length > 100
            ? invalid('First name longer than 100 characters')
            : joinedAtText && !joinedAt
              ? invalid('joined_at is not a date (YYYY-MM-DD or an ISO date and time)')
              : joinedAt && new Date(joinedAt) > now
                ? invalid('joined_at is in the future')
                : !YES.includes(confirmedText) && !NO.includes(confirmedText)
                  ? invalid('confirmed is not true or false')
                  : referredByText && !isEmail(referredByText) && !REFERRAL_CODE.test(referredByText)
                    ? invalid('referred_by is neither an email address nor a referral code')
                    : null;
    return {
      seq: 0,
      line: info.lines,
      email,
      firstName,
      joinedAt,
      confirmed: YES.includes(confirmedText),
      referredBy: !referredByText ? null : referredByText.includes('@') ? normaliseEmail(referredByText) : referredByText.toUpperCase(),
      problem,
    };
  });
  const byDate = rows.length > 0 && records.every(({ record }) => (record.joined_at ?? '').trim() !== '');
  if (byDate) {
    // Stable: rows of the same moment keep the file's order (unreadable dates, invalid anyway, last).
    const time = (row: ImportRow) => (row.joinedAt ? Date.parse(row.joinedAt) : Infinity);
    rows.sort((a, b) => time(a) - time(b));
  }
  const firstLineOf = new Map<string, number>();
  rows.forEach((row, index) => {
    row.seq = index + 1;
    if (row.problem) return;
    const address = normaliseEmail(row.email);
    const first = firstLineOf.get(address);
    if (first === undefined) firstLineOf.set(address, row.line);
    else row.problem = { kind: 'skipped', reason: `Repeats the address of line ${first}` };
  });
  return { rows, order: byDate ? 'joined_at' : 'file' };
}

/** A yes/no option as a query parameter or a form field ('true', '1', 'yes', 'on' for a checked box). */
export function importFlag(value: unknown): boolean | null {
  if (value === undefined || value === null || value === '') return false;
  const text = String(value).trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(text)) return true;
  if (['false', '0', 'no', 'off'].includes(text)) return false;
  return null;
}
