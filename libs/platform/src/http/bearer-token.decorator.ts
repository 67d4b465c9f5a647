import { createParamDecorator, ExecutionContext } from '@nestjs/common';

/** The token of an `Authorization: Bearer <token>` header, or null when there is none. */
export function bearerTokenOf(header: unknown): string | null {
  if (typeof header !== 'string' || !/^Bearer /i.test(header)) return null;
  return header.slice(7).trim() || null;
}

/** A route parameter: the request's bearer token (or null). */
export const BearerToken = createParamDecorator((_: unknown, context: ExecutionContext): string | null =>
  bearerTokenOf(context.switchToHttp().getRequest<{ headers: Record<string, unknown> }>().headers.authorization),
);
