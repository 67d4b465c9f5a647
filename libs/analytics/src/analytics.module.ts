import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DomainEventsModule } from '@swishly/platform';
import { AnalyticsSettings } from './analytics.settings';
import { ClickBatcher } from './downloads/click.batcher';
import { DownloadClicksRetention } from './downloads/download-clicks.retention';
import { DownloadEvent } from './downloads/entities/download-event.entity';
import { DownloadEventsProjection } from './downloads/download-events.projection';
import { DownloadsController } from './downloads/downloads.controller';
import { DownloadsRepository } from './downloads/downloads.repository';
import { RollUpDownloads } from './downloads/downloads.events';
import { VisitorSalts } from './downloads/visitor-salts.service';
import { DownloadsService } from './downloads/downloads.service';
import { RollUpDownloadsJob } from './downloads/jobs/roll-up-downloads.job';
import { AnalyticsReportsRepository } from './reports/analytics-reports.repository';
import { AnalyticsReportsService } from './reports/analytics-reports.service';
import { RollUpSignupsJob } from './signups/jobs/roll-up-signups.job';
import { SignupRollupsProjection } from './signups/signups.projection';
import { RollUpSignups } from './signups/signups.events';

/**
 * Download tracking ingest, daily rollups of downloads and of waitlist sign-ups (from the
 * waitlist's WaitlistJoined events, never its tables), and the marketing reports, which the
 * admin module serves to staff.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([DownloadEvent]),
    DomainEventsModule.forFeature({
      projections: [DownloadEventsProjection, SignupRollupsProjection],
      consumers: [RollUpDownloads, RollUpSignups],
    }),
  ],
  controllers: [DownloadsController],
  providers: [
    AnalyticsSettings.provider,
    DownloadsRepository,
    ClickBatcher,
    DownloadsService,
    VisitorSalts,
    DownloadClicksRetention,
    RollUpDownloadsJob,
    RollUpSignupsJob,
    AnalyticsReportsRepository,
    AnalyticsReportsService,
  ],
  exports: [AnalyticsReportsService],
})
export class AnalyticsModule {}
