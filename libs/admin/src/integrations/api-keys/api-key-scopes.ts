import { SetMetadata } from '@nestjs/common';

/** What a key opens: reading the members, adding them. */
export const API_KEY_SCOPES = ['members:read', 'members:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_SCOPE = 'api-key-scope';

/** The scope a route of the public API needs of the key (checked by ApiKeyGuard). */
export const RequiresScope = (scope: ApiKeyScope) => SetMetadata(API_KEY_SCOPE, scope);
