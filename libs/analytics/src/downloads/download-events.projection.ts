import { Injectable } from '@nestjs/common';
import { Projection, ProjectionHandlers } from '@swishly/platform';
import { DownloadEvent } from './entities/download-event.entity';
import { DownloadTracked } from './downloads.events';

@Injectable()
export class DownloadEventsProjection implements Projection {
  readonly name = 'download-events';
  readonly tables = ['download_events'];
  readonly handlers = new ProjectionHandlers()
    .on(DownloadTracked, async (event, manager) => {
      const p = event.payload;
      await manager.insert(DownloadEvent, {
        id: p.clickId,
        sourceTag: p.sourceTag,
        platform: p.platform,
        clickType: p.clickType,
        explicitChoice: p.explicitChoice,
        createdAt: new Date(event.occurredAt),
      });
    })
    .build();
}
