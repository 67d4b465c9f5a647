import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Deeper than any of our request bodies will ever be; a body past it is refused before parsing. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether a JSON text nests arrays and objects deeper than `limit` (brackets inside strings
 * don't count). One pass over the text, so a body of 10,000 `[` costs microseconds here rather
 * than a stack overflow in the validation that would otherwise walk it.
 */
export function jsonNestedDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** A NUL, a high surrogate not followed by a low one, or a low one not after a high one. */
// eslint-disable-next-line no-control-regex -- finding the NUL character is the point
const UNCLEAN = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text that Postgres and the validators can take: no NUL character, no lone UTF-16 surrogate. */
export function isCleanText(text: string): boolean {
  return !UNCLEAN.test(text);
}

/** Whether any string in `value` (keys included) is not clean text. `value` is parsed JSON, so its depth is bounded. */
export function containsUncleanText(value: unknown): boolean {
  if (typeof value === 'string') return !isCleanText(value);
  if (Array.isArray(value)) return value.some(containsUncleanText);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => !isCleanText(key) || containsUncleanText(item));
  }
  return false;
}

/** The largest CSV body a route takes (a waitlist import; a 100,000-member list is about 5 MB). */
export const CSV_BODY_MAX_BYTES = 20 * 1024 * 1024;
const CSV_ROUTES = ['/api/admin/waitlist/import'];

const badRequest = (message: string, code: string) => Object.assign(new Error(message), { statusCode: 400, code });

/**
 * Hostile input stops at the door with a 400, before it reaches a validator or Postgres:
 * JSON nested deeper than MAX_JSON_DEPTH, and NUL characters or lone surrogates in a JSON body
 * or in any route's query string and path.
 */
export function refuseHostileInput(fastify: FastifyInstance): void {
  const parseJson = fastify.getDefaultJsonParser('error', 'error');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    // Kept as it came, for what is verified over the exact bytes (provider webhook signatures).
    (request as FastifyRequest & { rawBody?: string }).rawBody = text;
    if (jsonNestedDeeperThan(text, MAX_JSON_DEPTH)) return done(badRequest('The request body is nested too deeply.', 'too_deep'), undefined);
    parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      if (containsUncleanText(value)) return done(badRequest('The request contains characters we cannot accept.', 'invalid_characters'), undefined);
      done(null, value);
    });
  });
  // The API takes JSON only, except the one-click unsubscribe POST (RFC 8058): a mail client
  // sends `List-Unsubscribe=One-Click` form-encoded to the URL in the email's header.
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (request, body, done) => {
    if (request.url.split('?')[0] !== '/unsubscribe') {
      return done(Object.assign(new Error('The API takes JSON bodies only.'), { statusCode: 415, code: 'unsupported_media_type' }), undefined);
    }
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  // Staff import a waitlist as CSV: that one route takes a text/csv body, as large as the upload's limit.
  fastify.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: CSV_BODY_MAX_BYTES }, (request, body, done) => {
    if (!CSV_ROUTES.includes(request.url.split('?')[0])) {
      return done(Object.assign(new Error('The API takes JSON bodies only.'), { statusCode: 415, code: 'unsupported_media_type' }), undefined);
    }
    done(null, body);
  });
  // Every route's: the API's, the pages' (whose path becomes a post's slug in a query) and the
  // queue dashboard's (whose parser would answer with its own message).
  fastify.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    if (containsUncleanText(request.query) || containsUncleanText(request.params)) {
      return reply
        .code(400)
        .header('cache-control', 'no-store')
        .send({ error: 'The request contains characters we cannot accept.', code: 'invalid_characters' });
    }
  });
}
