import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DomainEventsModule } from '@swishly/platform';
import { WaitlistEntry } from './entities/waitlist-entry.entity';
import { WaitlistEntriesProjection } from './waitlist-entries.projection';
import { WaitlistController } from './waitlist.controller';
import { WaitlistService } from './waitlist.service';

/** Waitlist entries, referral codes, positions, welcome emails. */
@Module({
  imports: [
    TypeOrmModule.forFeature([WaitlistEntry]),
    DomainEventsModule.forFeature({ projections: [WaitlistEntriesProjection] }),
  ],
  controllers: [WaitlistController],
  providers: [WaitlistService],
  exports: [WaitlistService],
})
export class WaitlistModule {}
