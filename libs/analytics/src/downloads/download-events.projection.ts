import { Injectable } from '@nestjs/common';
import { normaliseSourceTag, Projection, ProjectionHandlers } from '@swishly/platform';
import { DownloadsRepository } from './downloads.repository';
import { DownloadClicksExpired, DownloadRollupsCounted, DownloadSourceTagsMerged, DownloadTracked } from './downloads.events';

@Injectable()
export class DownloadEventsProjection implements Projection {
  readonly name = 'download-events';
  readonly tables = ['download_events', 'download_daily_rollups', 'download_monthly_rollups', 'download_daily_totals'];
  readonly handlers = new ProjectionHandlers()
    // Clicks committed together (ClickBatcher) are written in one statement.
    .onBatch(DownloadTracked, async (events, manager) => {
      await DownloadsRepository.insertEvents(
        events.map(({ payload: p, occurredAt }) => ({
          id: p.clickId,
          // Clicks recorded before tags were normalised keep their tag's case in the log.
          sourceTag: normaliseSourceTag(p.sourceTag),
          platform: p.platform,
          clickType: p.clickType,
          explicitChoice: p.explicitChoice,
          visitorHash: p.visitorHash ?? null,
          isBot: p.isBot ?? false,
          createdAt: new Date(occurredAt),
        })),
        manager,
      );
    })
    .on(DownloadRollupsCounted, async (event, manager) => {
      await DownloadsRepository.saveRollups(event.payload.rows, manager);
    })
    .on(DownloadSourceTagsMerged, async (_event, manager) => {
      await DownloadsRepository.mergeRollupTagCase(manager);
    })
    .on(DownloadClicksExpired, async (event, manager) => {
      await DownloadsRepository.deleteClicksBefore(event.payload.before, manager);
    })
    .build();
}
