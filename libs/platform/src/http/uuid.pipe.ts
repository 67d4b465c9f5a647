import { Injectable, PipeTransform } from '@nestjs/common';
import { apiError } from './api-exception.filter';

/**
 * A UUID as Postgres's `uuid` type reads it here: 8-4-4-4-12 hex digits, either case. The one
 * check of an id from a URL, a token or a request before it reaches a query: a looser pattern
 * (`[0-9a-f-]{36}` lets 36 dashes through) reaches Postgres as an error (a 500) instead of no row.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/**
 * A route's id parameter, `@Param('id', UuidParam)`: anything but a UUID names nothing we hold,
 * so it answers 404 like an id that is not there.
 */
@Injectable()
export class UuidParam implements PipeTransform<unknown, string> {
  transform(value: unknown): string {
    if (!isUuid(value)) throw apiError(404, 'Not found: that id is not one of ours.', 'not_found');
    return value;
  }
}
