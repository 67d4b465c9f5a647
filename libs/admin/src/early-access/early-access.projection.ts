import { Injectable } from '@nestjs/common';
import { Projection, ProjectionHandlers } from '@swishly/platform';
import { EarlyAccessCode } from './entities/early-access-code.entity';
import { EarlyAccessSettings } from './entities/early-access-settings.entity';
import { EarlyAccessCodeCreated, EarlyAccessCodeDeleted, EarlyAccessCodeRedeemed, EarlyAccessStateChanged } from './early-access.events';

@Injectable()
export class EarlyAccessProjection implements Projection {
  readonly name = 'early-access';
  readonly tables = ['early_access_codes', 'early_access_settings'];
  readonly handlers = new ProjectionHandlers()
    .on(EarlyAccessCodeCreated, async (event, manager) => {
      const p = event.payload;
      // A taken code fails here on the unique index and rolls the create back.
      await manager.insert(EarlyAccessCode, {
        id: p.codeId,
        code: p.code,
        firstName: p.firstName,
        email: p.email,
        isUsed: false,
        createdAt: new Date(event.occurredAt),
        usedAt: null,
      });
    })
    .on(EarlyAccessCodeRedeemed, async (event, manager) => {
      await manager.update(EarlyAccessCode, { id: event.payload.codeId }, { isUsed: true, usedAt: new Date(event.occurredAt) });
    })
    .on(EarlyAccessCodeDeleted, async (event, manager) => {
      await manager.delete(EarlyAccessCode, { id: event.payload.codeId });
    })
    .on(EarlyAccessStateChanged, async (event, manager) => {
      await manager.upsert(
        EarlyAccessSettings,
        { id: 1, isOpen: event.payload.isOpen, updatedAt: new Date(event.occurredAt), updatedBy: event.metadata.actorId ?? null },
        ['id'],
      );
    })
    .build();
}
