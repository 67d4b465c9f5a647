// Admin lists show dates in the short US format (spec §9: 'Nov 21, 2026').

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const shortDateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

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

/** A promo or access code as typed: forced to upper case, without spaces (spec §5). */
export function normalizeCode(value: string): string {
  return value.toUpperCase().replace(/\s+/g, '');
}
