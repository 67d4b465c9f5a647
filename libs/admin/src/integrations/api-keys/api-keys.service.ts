import { Injectable } from '@nestjs/common';
import { apiError, EventMetadata, EventStore, PendingEvent } from '@swishly/platform';
import { randomBytes, randomUUID } from 'node:crypto';
import { AdminUsersRepository } from '../../auth/admin-users.repository';
import { sha256Hex } from '../../auth/reset-tokens';
import { API_KEY_SCOPES, ApiKeyScope } from './api-key-scopes';
import { ApiKeysRepository } from './api-keys.repository';
import { API_KEY_STREAM, ApiKeyCreated, ApiKeyRevoked } from './api-keys.events';
import { ApiKey } from './entities/api-key.entity';

export interface ApiKeyView {
  id: string;
  name: string;
  scopes: ApiKeyScope[];
  prefix: string;
  createdAt: string;
  createdById: string | null;
  createdBy: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** Every key starts so, which tells a leaked one apart in a scan of code or logs. */
export const API_KEY_PREFIX = 'swk_live_';
/** The characters of the random part shown beside the name (6 of 43: the rest stays secret). */
const SHOWN = 6;

const keyStream = (keyId: string) => ({ streamType: API_KEY_STREAM, streamId: keyId });

/**
 * API keys for other systems (an automation tool, a CRM): staff make one with a name and its
 * scopes and see the key once; only its SHA-256 is kept. Revoking one stops it at the next request.
 */
@Injectable()
export class ApiKeysService {
  constructor(
    private readonly events: EventStore,
    private readonly keys: ApiKeysRepository,
    private readonly users: AdminUsersRepository,
  ) {}

  async list(): Promise<ApiKeyView[]> {
    const keys = await this.keys.all();
    const creators = await this.users.emailsByIds([...new Set(keys.map((key) => key.createdBy).filter((id): id is string => id !== null))]);
    return keys.map((key) => view(key, creators));
  }

  /** A new key: answered here once, never again. */
  async create(name: string, scopes: ApiKeyScope[], meta: EventMetadata): Promise<{ id: string; key: string }> {
    const id = randomUUID();
    const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
    await this.events.append(
      keyStream(id),
      0,
      [
        ApiKeyCreated({
          keyId: id,
          name,
          scopes: API_KEY_SCOPES.filter((scope) => scopes.includes(scope)),
          prefix: key.slice(0, API_KEY_PREFIX.length + SHOWN),
          keyHash: sha256Hex(key),
        }),
      ],
      meta,
    );
    return { id, key };
  }

  /** Revokes a key (once: a key revoked already is left as it is). A use appended meanwhile makes it read the stream again. */
  async revoke(id: string, meta: EventMetadata): Promise<void> {
    await this.events.transaction(
      async (tx) => {
        const history = await tx.readStream(keyStream(id));
        if (history.length === 0) throw apiError(404, 'No API key with this id.', 'not_found');
        if (history.some((event) => ApiKeyRevoked.is(event))) return;
        await tx.append(keyStream(id), history.length, [ApiKeyRevoked({ keyId: id })], meta);
      },
      { retries: 5 },
    );
  }

  /** The unrevoked key this is (null for anything else). */
  authenticate(key: string): Promise<ApiKey | null> {
    if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return Promise.resolve(null);
    return this.keys.findActive(sha256Hex(key));
  }

  /** A use of a key, on its stream: the audit log shows it with the key's name. */
  async recordUse(keyId: string, event: PendingEvent, meta: EventMetadata): Promise<void> {
    await this.events.append(keyStream(keyId), 'any', [event], meta);
  }
}

function view(key: ApiKey, creators: Map<string, string>): ApiKeyView {
  return {
    id: key.id,
    name: key.name,
    scopes: key.scopes,
    prefix: key.prefix,
    createdAt: key.createdAt.toISOString(),
    createdById: key.createdBy,
    createdBy: key.createdBy ? (creators.get(key.createdBy) ?? null) : null,
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  };
}
