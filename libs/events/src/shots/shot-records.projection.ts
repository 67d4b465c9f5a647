import { Injectable } from '@nestjs/common';
import { normaliseEmail, Projection, ProjectionHandlers } from '@swishly/platform';
import { ShotRecordsRepository } from './shot-records.repository';
import { ShotClaimed, ShotFeedbackGenerated, ShotLinkRequested, ShotRecorded, ShotWaitlistJoined } from './shot-records.events';

@Injectable()
export class ShotRecordsProjection implements Projection {
  readonly name = 'shot-records';
  readonly tables = ['shot_records'];
  readonly handlers = new ProjectionHandlers()
    .on(ShotRecorded, async (event, manager) => {
      // An erased claimer's shot is gone with its analysis (its later events then update nothing).
      if (event.personalDataErased) return;
      const p = event.payload;
      const at = new Date(event.occurredAt);
      await ShotRecordsRepository.insert(
        {
          id: p.recordId,
          kind: p.kind,
          code: p.code,
          firstName: null,
          email: null,
          emailNormalized: null,
          claimId: null,
          shotData: p.shotData,
          metrics: p.metrics,
          feedbackGenerator: null,
          accessCode: null,
          waitlistEntryId: null,
          version: event.version,
          createdAt: at,
          updatedAt: at,
        },
        manager,
      );
    })
    .on(ShotClaimed, async (event, manager) => {
      const { recordId, firstName, email, claimId } = event.payload;
      // An erased claim leaves the record as it was before anyone claimed it (the erasure cleared the same fields).
      await ShotRecordsRepository.update(
        recordId,
        event.personalDataErased ? {} : { firstName, email, emailNormalized: normaliseEmail(email), claimId: claimId ?? event.id },
        event,
        manager,
      );
    })
    .on(ShotWaitlistJoined, async (event, manager) => {
      const { recordId, entryId, accessCode } = event.payload;
      // A repeat claim by someone already on the list keeps the entry and code the first one recorded.
      await ShotRecordsRepository.update(
        recordId,
        event.personalDataErased ? {} : { ...(entryId ? { waitlistEntryId: entryId } : {}), ...(accessCode ? { accessCode } : {}) },
        event,
        manager,
      );
    })
    .on(ShotFeedbackGenerated, async (event, manager) => {
      const { recordId, shotData, generator } = event.payload;
      await ShotRecordsRepository.update(recordId, event.personalDataErased ? {} : { shotData, feedbackGenerator: generator }, event, manager);
    })
    // Changes nothing but the stream's version, which appends at the version read rely on.
    .on(ShotLinkRequested, async (event, manager) => {
      await ShotRecordsRepository.update(event.payload.recordId, {}, event, manager);
    })
    .build();
}
