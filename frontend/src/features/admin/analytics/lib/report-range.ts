import type { ReportRange } from '../api/analytics-report';

const DAY_MS = 24 * 3600 * 1000;
/** The longest period the server reports on (MAX_REPORT_DAYS). */
export const MAX_REPORT_DAYS = 731;
/** The years the server reports on (FIRST_YEAR, LAST_YEAR). */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2099-12-31';

export const RANGE_PRESETS = [
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: '12 months' },
] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function utcToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** The last `days` days up to today (UTC). */
export function lastDays(days: number, now = new Date()): ReportRange {
  const to = utcToday(now);
  return { from: new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY_MS).toISOString().slice(0, 10), to };
}

/** What is wrong with a period the staff typed, or null when the server will take it. */
export function rangeProblem(range: ReportRange): string | null {
  if (!DAY.test(range.from) || !DAY.test(range.to)) return 'Choose both dates.';
  const days = (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / DAY_MS + 1;
  if (!(days >= 1)) return 'The start date must not be after the end date.';
  if (range.from < FIRST_DAY || range.to > LAST_DAY) return 'Choose days from 2000 to 2099.';
  if (days > MAX_REPORT_DAYS) return `Choose at most ${MAX_REPORT_DAYS} days.`;
  return null;
}

export function percent(share: number | null): string {
  return share === null ? '—' : `${(share * 100).toFixed(share > 0 && share < 0.1 ? 1 : 0)} %`;
}

export const formatCount = (n: number) => n.toLocaleString('en-US');
