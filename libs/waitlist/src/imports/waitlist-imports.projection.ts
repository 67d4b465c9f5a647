import { Injectable } from '@nestjs/common';
import { Projection, ProjectionHandlers } from '@swishly/platform';
import { LISTED_LINES } from './waitlist-imports.repository';
import { WaitlistImportChunkImported, WaitlistImportFinished, WaitlistImportRequested, WaitlistImportStarted } from './waitlist-imports.events';

/** The first LISTED_LINES of a report's list with these lines added (the counts stay exact). */
const appendLines = (column: string, param: string) =>
  `${column} = (SELECT coalesce(jsonb_agg(l), '[]') FROM (SELECT l FROM jsonb_array_elements(${column} || ${param}::jsonb) l LIMIT ${LISTED_LINES}) s)`;

/** An import's progress and report, for staff. */
@Injectable()
export class WaitlistImportsProjection implements Projection {
  readonly name = 'waitlist-imports';
  readonly tables = ['waitlist_imports'];
  readonly handlers = new ProjectionHandlers()
    .on(WaitlistImportRequested, async (event, manager) => {
      const p = event.payload;
      await manager.query(`INSERT INTO waitlist_imports (id, status, welcome, double_opt_in, created_by, created_at) VALUES ($1, 'queued', $2, $3, $4, $5)`, [
        p.importId,
        p.welcome,
        p.doubleOptIn,
        event.metadata.actorType === 'admin' ? (event.metadata.actorId ?? null) : null,
        event.occurredAt,
      ]);
    })
    .on(WaitlistImportStarted, async (event, manager) => {
      await manager.query(`UPDATE waitlist_imports SET status = 'running', total = $2, import_order = $3 WHERE id = $1`, [
        event.payload.importId,
        event.payload.total,
        event.payload.order,
      ]);
    })
    .on(WaitlistImportChunkImported, async (event, manager) => {
      const p = event.payload;
      await manager.query(
        `UPDATE waitlist_imports SET processed = $2, imported = imported + $3, skipped = skipped + $4, invalid = invalid + $5,
           ${appendLines('skipped_lines', '$6')}, ${appendLines('invalid_lines', '$7')}
         WHERE id = $1`,
        [p.importId, p.through, p.imported, p.skipped.length, p.invalid.length, JSON.stringify(p.skipped), JSON.stringify(p.invalid)],
      );
    })
    .on(WaitlistImportFinished, async (event, manager) => {
      const p = event.payload;
      await manager.query(
        `UPDATE waitlist_imports SET status = CASE WHEN $2::text IS NULL THEN 'done' ELSE 'failed' END, error = $2,
           processed = coalesce(total, 0), total = coalesce(total, 0), finished_at = $3 WHERE id = $1`,
        [p.importId, p.error, event.occurredAt],
      );
    })
    .build();
}
