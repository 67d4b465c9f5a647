import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DomainEventsModule } from '@swishly/platform';
import { WaitlistEntry } from './entities/waitlist-entry.entity';
import { CreditReferrerJob } from './jobs/credit-referrer.job';
import { SendWelcomeEmailJob } from './jobs/send-welcome-email.job';
import { UpdatePositionsJob } from './jobs/update-positions.job';
import { PositionsService } from './positions.service';
import { WaitlistEntriesProjection } from './waitlist-entries.projection';
import { WaitlistController } from './waitlist.controller';
import { CreditReferrer, SendWelcomeEmail, UpdatePositions } from './waitlist.events';
import { WaitlistService } from './waitlist.service';

/** Waitlist entries, referral codes, positions, welcome emails. */
@Module({
  imports: [
    TypeOrmModule.forFeature([WaitlistEntry]),
    DomainEventsModule.forFeature({
      projections: [WaitlistEntriesProjection],
      consumers: [SendWelcomeEmail, CreditReferrer, UpdatePositions],
    }),
  ],
  controllers: [WaitlistController],
  providers: [WaitlistService, PositionsService, SendWelcomeEmailJob, CreditReferrerJob, UpdatePositionsJob],
  exports: [WaitlistService],
})
export class WaitlistModule {}
