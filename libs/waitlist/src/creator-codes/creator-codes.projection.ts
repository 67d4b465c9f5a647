import { Injectable } from '@nestjs/common';
import { Projection, ProjectionHandlers } from '@swishly/platform';
import { CreatorCode } from './entities/creator-code.entity';
import { CreatorCodeCreated, CreatorCodeDeleted, CreatorCodeStatusChanged, CreatorCodeUpdated, CreatorCodeUsed } from './creator-codes.events';

@Injectable()
export class CreatorCodesProjection implements Projection {
  readonly name = 'creator-codes';
  readonly tables = ['creator_codes'];
  readonly handlers = new ProjectionHandlers()
    .on(CreatorCodeCreated, async (event, manager) => {
      const { codeId, ...fields } = event.payload;
      const at = new Date(event.occurredAt);
      await manager.insert(CreatorCode, { id: codeId, ...fields, status: 'active', usageCount: 0, createdAt: at, updatedAt: at });
    })
    .on(CreatorCodeUpdated, async (event, manager) => {
      const { codeId, ...changes } = event.payload;
      await manager.update(CreatorCode, { id: codeId }, { ...changes, updatedAt: new Date(event.occurredAt) });
    })
    .on(CreatorCodeStatusChanged, async (event, manager) => {
      await manager.update(CreatorCode, { id: event.payload.codeId }, { status: event.payload.status, updatedAt: new Date(event.occurredAt) });
    })
    .on(CreatorCodeUsed, async (event, manager) => {
      await manager.increment(CreatorCode, { id: event.payload.codeId }, 'usageCount', 1);
    })
    .on(CreatorCodeDeleted, async (event, manager) => {
      await manager.delete(CreatorCode, { id: event.payload.codeId });
    })
    .build();
}
