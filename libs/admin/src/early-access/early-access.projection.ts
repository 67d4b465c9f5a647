import { Injectable } from '@nestjs/common';
import { normaliseEmail, Projection, ProjectionHandlers } from '@swishly/platform';
import { EarlyAccessCodeCreated, EarlyAccessCodeDeleted, EarlyAccessCodeRedeemed, EarlyAccessStateChanged } from './early-access.events';
import { EarlyAccessRepository } from './early-access.repository';

@Injectable()
export class EarlyAccessProjection implements Projection {
  readonly name = 'early-access';
  readonly tables = ['early_access_codes', 'early_access_settings'];
  readonly handlers = new ProjectionHandlers()
    .on(EarlyAccessCodeCreated, async (event, manager) => {
      if (event.personalDataErased) return; // a code given to someone since erased went with them
      const p = event.payload;
      // A taken code fails here on the unique index and rolls the create back.
      await EarlyAccessRepository.insertCode(
        {
          id: p.codeId,
          code: p.code,
          firstName: p.firstName,
          email: p.email,
          emailNormalized: normaliseEmail(p.email),
          isUsed: false,
          createdAt: new Date(event.occurredAt),
          usedAt: null,
        },
        manager,
      );
    })
    .on(EarlyAccessCodeRedeemed, async (event, manager) => {
      await EarlyAccessRepository.markUsed(event.payload.codeId, new Date(event.occurredAt), manager);
    })
    .on(EarlyAccessCodeDeleted, async (event, manager) => {
      await EarlyAccessRepository.deleteCode(event.payload.codeId, manager);
    })
    .on(EarlyAccessStateChanged, async (event, manager) => {
      await EarlyAccessRepository.saveSettings(
        { isOpen: event.payload.isOpen, updatedAt: new Date(event.occurredAt), updatedBy: event.metadata.actorId ?? null },
        manager,
      );
    })
    .build();
}
