import { Injectable } from '@nestjs/common';
import { Projection, ProjectionHandlers } from '@swishly/platform';
import { BroadcastChunkSent, BroadcastRequested } from './broadcasts.events';

/** Launch announcements: what was asked for and how many of its chunks are written. Emails sent and failed are counted from the mail log. */
@Injectable()
export class BroadcastsProjection implements Projection {
  readonly name = 'broadcasts';
  readonly tables = ['broadcasts'];
  readonly handlers = new ProjectionHandlers()
    .on(BroadcastRequested, async (event, manager) => {
      const p = event.payload;
      await manager.query(
        'INSERT INTO broadcasts (id, subject, html, audience, total, chunks, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
        [
          p.broadcastId,
          p.subject,
          p.html,
          p.audience,
          p.total,
          p.chunks,
          event.metadata.actorType === 'admin' ? (event.metadata.actorId ?? null) : null,
          event.occurredAt,
        ],
      );
    })
    .onBatch(BroadcastChunkSent, async (events, manager) => {
      await manager.query(
        `UPDATE broadcasts b SET chunks_done = b.chunks_done + n.chunks, skipped = b.skipped + n.skipped
         FROM (SELECT id, count(*)::int AS chunks, sum(skipped)::int AS skipped FROM unnest($1::uuid[], $2::int[]) AS c(id, skipped) GROUP BY id) n
         WHERE b.id = n.id`,
        [events.map((e) => e.payload.broadcastId), events.map((e) => e.payload.skipped)],
      );
    })
    .build();
}
