import { Injectable } from '@nestjs/common';
import { DomainEvent, Projection, ProjectionHandlers } from '@swishly/platform';
import { WaitlistJoined } from '@swishly/waitlist';
import { EntityManager } from 'typeorm';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeyCreated, ApiKeyRevoked, MemberAlreadyListed, MemberRead, MembersListed } from './api-keys.events';

/** Each key's last use, from the events of its uses (a member added is the join itself, its actor the key). */
async function used(events: DomainEvent[], manager: EntityManager): Promise<void> {
  const byKey = events.filter((event) => event.metadata.actorType === 'api-key' && event.metadata.actorId);
  if (byKey.length === 0) return;
  const last = byKey[byKey.length - 1];
  await ApiKeysRepository.markUsed([...new Set(byKey.map((event) => event.metadata.actorId!))], new Date(last.occurredAt), manager);
}

@Injectable()
export class ApiKeysProjection implements Projection {
  readonly name = 'api-keys';
  readonly tables = ['api_keys'];
  readonly handlers = new ProjectionHandlers()
    .on(ApiKeyCreated, async (event, manager) => {
      const p = event.payload;
      await ApiKeysRepository.insert(
        {
          id: p.keyId,
          name: p.name,
          scopes: p.scopes,
          prefix: p.prefix,
          keyHash: p.keyHash,
          createdBy: event.metadata.actorType === 'admin' ? (event.metadata.actorId ?? null) : null,
          createdAt: new Date(event.occurredAt),
          lastUsedAt: null,
          revokedAt: null,
        },
        manager,
      );
    })
    .on(ApiKeyRevoked, async (event, manager) => {
      await ApiKeysRepository.markRevoked(event.payload.keyId, new Date(event.occurredAt), manager);
    })
    .onBatch(MembersListed, used)
    .onBatch(MemberRead, used)
    .onBatch(MemberAlreadyListed, used)
    .onBatch(WaitlistJoined, used)
    .build();
}
