/**
 * A UUID as Postgres's `uuid` type reads it here: 8-4-4-4-12 hex digits. Check an id from a URL or
 * a token with this before it reaches a query: `[0-9a-f-]{36}` lets 36 dashes through, and
 * Postgres answers those with an error (a 500) instead of no row.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}
