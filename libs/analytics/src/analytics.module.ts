import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DomainEventsModule } from '@swishly/platform';
import { DownloadEvent } from './downloads/entities/download-event.entity';
import { DownloadEventsProjection } from './downloads/download-events.projection';
import { DownloadsController } from './downloads/downloads.controller';
import { DownloadsRepository } from './downloads/downloads.repository';
import { RollUpDownloads } from './downloads/downloads.events';
import { DownloadsService } from './downloads/downloads.service';
import { RollUpDownloadsJob } from './downloads/jobs/roll-up-downloads.job';

/** Download tracking ingest, daily rollups, marketing reports. */
@Module({
  imports: [
    TypeOrmModule.forFeature([DownloadEvent]),
    DomainEventsModule.forFeature({ projections: [DownloadEventsProjection], consumers: [RollUpDownloads] }),
  ],
  controllers: [DownloadsController],
  providers: [DownloadsRepository, DownloadsService, RollUpDownloadsJob],
})
export class AnalyticsModule {}
