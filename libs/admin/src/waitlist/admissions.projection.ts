import { Injectable } from '@nestjs/common';
import { Projection, ProjectionHandlers } from '@swishly/platform';
import { AdmissionRequested, MemberInvited } from './admissions.events';

@Injectable()
export class AdmissionsProjection implements Projection {
  readonly name = 'waitlist-admissions';
  readonly tables = ['waitlist_admissions'];
  readonly handlers = new ProjectionHandlers()
    .on(AdmissionRequested, async (event, manager) => {
      const p = event.payload;
      await manager.query('INSERT INTO waitlist_admissions (id, requested, total, created_by, created_at) VALUES ($1, $2, $3, $4, $5)', [
        p.admissionId,
        p.requested,
        p.total,
        event.metadata.actorType === 'admin' ? (event.metadata.actorId ?? null) : null,
        event.occurredAt,
      ]);
    })
    .onBatch(MemberInvited, async (events, manager) => {
      await manager.query(
        `UPDATE waitlist_admissions a SET invited = a.invited + n.count
         FROM (SELECT id, count(*)::int AS count FROM unnest($1::uuid[]) AS id GROUP BY id) n WHERE a.id = n.id`,
        [events.map((e) => e.payload.admissionId)],
      );
    })
    .build();
}
