import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { applyProjections } from './event-store.service';
import { EventRow, toDomainEventWithPersonalData } from './event-row';
import { EVENTS_WITH_PERSONAL_DATA } from './personal-data';
import { ProjectionRegistry } from './domain-events.registry';

/** Rebuilds every read model from the log: truncate, then re-apply every event in order. */
@Injectable()
export class ReplayService {
  private readonly logger = new Logger(ReplayService.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly projections: ProjectionRegistry,
  ) {}

  async replayAll(batchSize = 1000): Promise<{ events: number; tables: string[] }> {
    const tables = this.projections.all().flatMap((p) => p.tables);
    let events = 0;
    await this.dataSource.transaction(async (manager) => {
      if (tables.length) {
        await manager.query(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')} RESTART IDENTITY CASCADE`);
      }
      let after = '0';
      for (;;) {
        const rows: EventRow[] = await manager.query(`${EVENTS_WITH_PERSONAL_DATA} WHERE e.position > $1 ORDER BY e.position LIMIT $2`, [after, batchSize]);
        await applyProjections(this.projections, rows.map(toDomainEventWithPersonalData), manager);
        events += rows.length;
        if (rows.length < batchSize) break;
        after = String(rows[rows.length - 1].position);
      }
    });
    this.logger.log(`Replayed ${events} events into ${tables.length} tables`);
    return { events, tables };
  }
}
