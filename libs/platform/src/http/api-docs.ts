import { applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiResponse, ApiSecurity, DocumentBuilder, OpenAPIObject } from '@nestjs/swagger';

/**
 * How operations describe themselves in the OpenAPI document (`openapi.json`, from which the
 * frontend's types are generated; `redocly lint` checks it in `npm test`).
 */

/** The body of every error answer (see ApiExceptionFilter). */
export class ApiErrorDto {
  @ApiProperty({ description: 'A message to show as it is', example: 'Please enter a valid email address.' })
  error: string;

  @ApiProperty({ description: 'A stable code for programs', example: 'bad_request' })
  code: string;
}

/** `{ "ok": true }`: the answer of an operation that has nothing more to say (a 202). */
export class OkDto {
  @ApiProperty({ enum: [true] })
  ok: true;
}

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is not valid (the message names the field)',
  401: 'Not signed in, or the session has ended',
  403: 'The staff role may not use this (forbidden_role), or a write came without the session’s CSRF token',
  404: 'Not found',
  409: 'Conflicts with what is stored',
  413: 'The body is too large',
  429: 'Too many requests from this address; try again later',
};

/** What the same statuses mean on a route for other systems (an API key). */
const API_KEY_ERRORS: Record<number, string> = {
  401: 'No API key, or an unknown or revoked one (invalid_api_key)',
  403: 'The API key lacks the scope this needs (insufficient_scope)',
  429: 'Too many requests with this API key; Retry-After says when to try again',
};

/** The security schemes operations refer to: the staff session cookie, and the CSRF header on writes. */
export const SECURITY = {
  session: 'staff-session',
  csrf: 'csrf-token',
  shotsIngest: 'shots-ingest-token',
  claimToken: 'shot-claim-token',
  apiKey: 'api-key',
} as const;

export function describeSecurity(builder: DocumentBuilder): DocumentBuilder {
  return builder
    .addSecurity(SECURITY.session, {
      type: 'apiKey',
      in: 'cookie',
      name: 'admin_session',
      description: 'Set by POST /api/auth/login (named __Host-admin_session over HTTPS).',
    })
    .addSecurity(SECURITY.csrf, {
      type: 'apiKey',
      in: 'header',
      name: 'X-CSRF-Token',
      description: 'The value of the csrf_token cookie set at sign-in; required on every staff write.',
    })
    .addSecurity(SECURITY.shotsIngest, {
      type: 'http',
      scheme: 'bearer',
      description: 'SHOTS_INGEST_TOKEN, given to the event booth and the app for POST /api/shots.',
    })
    .addSecurity(SECURITY.claimToken, {
      type: 'http',
      scheme: 'bearer',
      description:
        "A shot's claim token: answered to the player who claimed it (POST /api/shots/{kind}/{code}/claim) and carried by the links emailed to them. Opens that shot's analysis and coach chat.",
    })
    .addSecurity(SECURITY.apiKey, {
      type: 'http',
      scheme: 'bearer',
      description:
        'An API key (swk_live_...) made by staff at /admin/integrations, shown once. Its scopes (members:read, members:write) say what it opens; each key is rate limited and every use is in the audit log.',
    });
}

/**
 * An operation's summary, the error statuses it can answer, and who may call it: `staff` (the
 * session cookie), `staff-write` (the cookie and the CSRF header) or `api-key` (another system's
 * bearer key, rate limited). Without `auth` it is public.
 */
export function ApiDoc(summary: string, options: { errors?: number[]; auth?: 'staff' | 'staff-write' | 'api-key' } = {}) {
  const security: Record<string, string[]> | null =
    options.auth === 'staff-write'
      ? { [SECURITY.session]: [], [SECURITY.csrf]: [] }
      : options.auth === 'staff'
        ? { [SECURITY.session]: [] }
        : options.auth === 'api-key'
          ? { [SECURITY.apiKey]: [] }
          : null;
  const errors = [...(options.errors ?? []), ...(options.auth ? [401, 403] : []), ...(options.auth === 'api-key' ? [429] : [])];
  return applyDecorators(
    ApiOperation({ summary }),
    ...[...new Set(errors)].map((status) =>
      ApiResponse({
        status,
        description: (options.auth === 'api-key' ? API_KEY_ERRORS[status] : undefined) ?? ERROR_DESCRIPTIONS[status] ?? 'Error',
        type: ApiErrorDto,
      }),
    ),
    ...(security ? [ApiSecurity(security)] : []),
  );
}

/** Operations that declare no security are public: say so explicitly (`security: []`). */
export function markPublicOperations(document: OpenAPIObject): OpenAPIObject {
  for (const path of Object.values(document.paths)) {
    for (const operation of Object.values(path)) {
      if (operation && typeof operation === 'object' && 'responses' in operation && !operation.security) operation.security = [];
    }
  }
  return document;
}
