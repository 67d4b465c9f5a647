import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminModule } from '@swishly/admin';
import { APP_CONFIG, AppConfig, DomainEventsModule } from '@swishly/platform';
import { WaitlistEntry } from './entities/waitlist-entry.entity';
import { CountCreatorCodeUsageJob } from './jobs/count-creator-code-usage.job';
import { CreditReferrerJob } from './jobs/credit-referrer.job';
import { SendWelcomeEmailJob } from './jobs/send-welcome-email.job';
import { UpdatePositionsJob } from './jobs/update-positions.job';
import { JoinBatcher } from './join-batcher';
import { PositionsService } from './positions.service';
import { WaitlistEntriesProjection } from './waitlist-entries.projection';
import { WaitlistController } from './waitlist.controller';
import { CountCreatorCodeUsage, CreditReferrer, SendWelcomeEmail, UpdatePositions } from './waitlist.events';
import { WaitlistLinks } from './waitlist-links';
import { WaitlistService } from './waitlist.service';

/** Waitlist entries, referral codes, positions, welcome emails. */
@Module({
  imports: [
    AdminModule, // creator codes: the waitlist attributes sign-ups to them
    TypeOrmModule.forFeature([WaitlistEntry]),
    DomainEventsModule.forFeature({
      projections: [WaitlistEntriesProjection],
      consumers: [SendWelcomeEmail, CreditReferrer, UpdatePositions, CountCreatorCodeUsage],
    }),
  ],
  controllers: [WaitlistController],
  providers: [
    { provide: WaitlistLinks, useFactory: (config: AppConfig) => new WaitlistLinks(config.PUBLIC_URL, config.APP_SECRET), inject: [APP_CONFIG] },
    WaitlistService, JoinBatcher, PositionsService, SendWelcomeEmailJob, CreditReferrerJob, UpdatePositionsJob, CountCreatorCodeUsageJob],
  exports: [WaitlistService],
})
export class WaitlistModule {}
