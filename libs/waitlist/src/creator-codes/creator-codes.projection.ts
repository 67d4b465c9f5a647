import { Injectable } from '@nestjs/common';
import { Projection, ProjectionHandlers } from '@swishly/platform';
import { CreatorCodeCreated, CreatorCodeDeleted, CreatorCodeStatusChanged, CreatorCodeUpdated, CreatorCodeUsed } from './creator-codes.events';
import { CreatorCodesRepository } from './creator-codes.repository';

@Injectable()
export class CreatorCodesProjection implements Projection {
  readonly name = 'creator-codes';
  readonly tables = ['creator_codes'];
  readonly handlers = new ProjectionHandlers()
    .on(CreatorCodeCreated, async (event, manager) => {
      const { codeId, ...fields } = event.payload;
      const at = new Date(event.occurredAt);
      await CreatorCodesRepository.insert({ id: codeId, ...fields, status: 'active', usageCount: 0, createdAt: at, updatedAt: at }, manager);
    })
    .on(CreatorCodeUpdated, async (event, manager) => {
      const { codeId, ...changes } = event.payload;
      await CreatorCodesRepository.update(codeId, { ...changes, updatedAt: new Date(event.occurredAt) }, manager);
    })
    .on(CreatorCodeStatusChanged, async (event, manager) => {
      await CreatorCodesRepository.update(event.payload.codeId, { status: event.payload.status, updatedAt: new Date(event.occurredAt) }, manager);
    })
    .on(CreatorCodeUsed, async (event, manager) => {
      await CreatorCodesRepository.incrementUsage(event.payload.codeId, manager);
    })
    .on(CreatorCodeDeleted, async (event, manager) => {
      await CreatorCodesRepository.delete(event.payload.codeId, manager);
    })
    .build();
}
