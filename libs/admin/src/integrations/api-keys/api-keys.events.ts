import { defineEvent } from '@swishly/platform';
import type { ApiKeyScope } from './api-key-scopes';

/** One stream per key: its making, its revocation, and each use another system made of it. */
export const API_KEY_STREAM = 'api-key';

/**
 * The SHA-256 of the key, never the key: replay rebuilds the table from the log, and a hash of
 * 256 random bits tells nobody the key.
 */
export const ApiKeyCreated = defineEvent<{ keyId: string; name: string; scopes: ApiKeyScope[]; prefix: string; keyHash: string }>('api-key.created');
export const ApiKeyRevoked = defineEvent<{ keyId: string }>('api-key.revoked');

/** Uses of a key (its id as the actor in the metadata): ids only, never a member's data. */
export const MembersListed = defineEvent<{ keyId: string; members: number }>('api-key.members-listed');
export const MemberRead = defineEvent<{ keyId: string; entryId: string }>('api-key.member-read');
/** An add of an address already on the list: nothing changed, the member was answered. */
export const MemberAlreadyListed = defineEvent<{ keyId: string; entryId: string }>('api-key.member-already-listed');
