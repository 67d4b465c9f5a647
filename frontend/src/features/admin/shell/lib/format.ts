// Admin lists show dates in the short US format (spec §9: 'Nov 21, 2026'); charts may drop the
// year ('Nov 21'). Never ISO dates on screen: those are for CSV files and the API.

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const shortDateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

// A report's day ('2026-11-21') is a whole UTC day: shown as that day in every time zone.
const shortDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const chartDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Nov 21, 2026', or null when there is no (valid) date. */
export function formatAdminDate(value: string | null | undefined): string | null {
  const date = toDate(value);
  return date ? shortDate.format(date) : null;
}

/** 'Nov 21, 2026, 3:04 PM', or null when there is no (valid) date. */
export function formatAdminDateTime(value: string | null | undefined): string | null {
  const date = toDate(value);
  return date ? shortDateTime.format(date) : null;
}

function toDay(day: string): Date | null {
  const date = new Date(`${day}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(date.getTime()) ? date : null;
}

/** A report's day, '2026-11-21', as 'Nov 21, 2026' (the day itself, not the reader's time zone's). */
export function formatAdminDay(day: string): string {
  const date = toDay(day);
  return date ? shortDay.format(date) : day;
}

/** A report's day as a chart abbreviates it: 'Nov 21'. */
export function formatChartDay(day: string): string {
  const date = toDay(day);
  return date ? chartDay.format(date) : day;
}

/** A promo or access code as typed: forced to upper case, without spaces (spec §5). */
export function normalizeCode(value: string): string {
  return value.toUpperCase().replace(/\s+/g, '');
}
