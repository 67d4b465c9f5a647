import { Injectable } from '@nestjs/common';
import { Projection, ProjectionHandlers } from '@swishly/platform';
import { BroadcastCancelled, BroadcastChunkSent, BroadcastRequested, BroadcastScheduled } from './broadcasts.events';

/**
 * Launch announcements: what was asked for (now, or for a time: `send_at`, `state` 'scheduled'
 * until it goes, or 'cancelled') and how many of its chunks are written. Emails sent and failed
 * are counted from the mail log.
 */
@Injectable()
export class BroadcastsProjection implements Projection {
  readonly name = 'broadcasts';
  readonly tables = ['broadcasts'];
  readonly handlers = new ProjectionHandlers()
    .on(BroadcastScheduled, async (event, manager) => {
      const p = event.payload;
      await manager.query(
        `INSERT INTO broadcasts (id, subject, html, audience, total, chunks, created_by, created_at, send_at, state)
         VALUES ($1, $2, $3, $4, 0, 0, $5, $6, $7, 'scheduled')`,
        [
          p.broadcastId,
          p.subject,
          p.html,
          p.audience,
          event.metadata.actorType === 'admin' ? (event.metadata.actorId ?? null) : null,
          event.occurredAt,
          p.sendAt,
        ],
      );
    })
    .on(BroadcastCancelled, async (event, manager) => {
      await manager.query(`UPDATE broadcasts SET state = 'cancelled' WHERE id = $1`, [event.payload.broadcastId]);
    })
    .on(BroadcastRequested, async (event, manager) => {
      const p = event.payload;
      // A scheduled one keeps who asked for it and when; it is sent now, with the audience counted now.
      await manager.query(
        `INSERT INTO broadcasts (id, subject, html, audience, total, chunks, created_by, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (id) DO UPDATE SET total = EXCLUDED.total, chunks = EXCLUDED.chunks, state = NULL`,
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
