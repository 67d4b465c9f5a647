import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig, DomainEventsModule } from '@swishly/platform';
import { CreatorCode } from './creator-codes/entities/creator-code.entity';
import { CreatorCodesProjection } from './creator-codes/creator-codes.projection';
import { CreatorCodesRepository } from './creator-codes/creator-codes.repository';
import { CreatorCodesService } from './creator-codes/creator-codes.service';
import { WaitlistEntry } from './entries/entities/waitlist-entry.entity';
import { CountCreatorCodeUsageJob } from './entries/jobs/count-creator-code-usage.job';
import { CreditReferrerJob } from './entries/jobs/credit-referrer.job';
import { SendConfirmationReminderJob } from './entries/jobs/send-confirmation-reminder.job';
import { SendWelcomeEmailJob } from './entries/jobs/send-welcome-email.job';
import { ConfirmationRemindersService } from './entries/confirmation-reminders.service';
import { UpdatePositionsJob } from './entries/jobs/update-positions.job';
import { JoinBatcher } from './entries/join.batcher';
import { WaitlistPersonalData } from './entries/waitlist-personal-data.holder';
import { WaitlistMembersRepository } from './entries/waitlist-members.repository';
import { WaitlistMembersService } from './entries/waitlist-members.service';
import { PositionsService } from './entries/positions.service';
import { WaitlistEntriesProjection } from './entries/waitlist-entries.projection';
import { WaitlistController } from './entries/waitlist.controller';
import { CountCreatorCodeUsage, CreditReferrer, SendConfirmationReminder, SendWelcomeEmail, UpdatePositions } from './entries/waitlist.events';
import { WaitlistLinks } from './entries/waitlist-links';
import { WaitlistEntriesRepository } from './entries/waitlist-entries.repository';
import { WaitlistService } from './entries/waitlist.service';
import { WaitlistSettings } from './waitlist.settings';
import { RunWaitlistImportJob } from './imports/jobs/run-waitlist-import.job';
import { WaitlistImportsProjection } from './imports/waitlist-imports.projection';
import { WaitlistImportsRepository } from './imports/waitlist-imports.repository';
import { WaitlistImportsService } from './imports/waitlist-imports.service';
import { RunWaitlistImport } from './imports/waitlist-imports.events';

/** Waitlist entries, referral and creator codes, positions, welcome emails, CSV imports. (Staff manage creator codes through the admin module.) */
@Module({
  imports: [
    TypeOrmModule.forFeature([WaitlistEntry, CreatorCode]),
    DomainEventsModule.forFeature({
      projections: [WaitlistEntriesProjection, CreatorCodesProjection, WaitlistImportsProjection],
      consumers: [SendWelcomeEmail, SendConfirmationReminder, CreditReferrer, UpdatePositions, CountCreatorCodeUsage, RunWaitlistImport],
    }),
  ],
  controllers: [WaitlistController],
  providers: [
    { provide: WaitlistLinks, useFactory: (config: AppConfig) => new WaitlistLinks(config.PUBLIC_URL, config.APP_SECRET), inject: [APP_CONFIG] },
    WaitlistSettings.provider,
    WaitlistEntriesRepository,
    CreatorCodesRepository,
    WaitlistService,
    CreatorCodesService,
    JoinBatcher,
    PositionsService,
    WaitlistPersonalData,
    WaitlistMembersService,
    WaitlistMembersRepository,
    SendWelcomeEmailJob,
    SendConfirmationReminderJob,
    ConfirmationRemindersService,
    CreditReferrerJob,
    UpdatePositionsJob,
    CountCreatorCodeUsageJob,
    WaitlistImportsRepository,
    WaitlistImportsService,
    RunWaitlistImportJob,
  ],
  exports: [WaitlistService, CreatorCodesService, WaitlistMembersService, WaitlistImportsService],
})
export class WaitlistModule {}
