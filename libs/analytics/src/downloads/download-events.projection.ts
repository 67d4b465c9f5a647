import { Injectable } from '@nestjs/common';
import { Projection, ProjectionHandlers } from '@swishly/platform';
import { DownloadsRepository } from './downloads.repository';
import { DownloadTracked } from './downloads.events';

@Injectable()
export class DownloadEventsProjection implements Projection {
  readonly name = 'download-events';
  readonly tables = ['download_events'];
  readonly handlers = new ProjectionHandlers()
    .on(DownloadTracked, async (event, manager) => {
      const p = event.payload;
      await DownloadsRepository.insertEvent(
        {
          id: p.clickId,
          sourceTag: p.sourceTag,
          platform: p.platform,
          clickType: p.clickType,
          explicitChoice: p.explicitChoice,
          createdAt: new Date(event.occurredAt),
        },
        manager,
      );
    })
    .build();
}
