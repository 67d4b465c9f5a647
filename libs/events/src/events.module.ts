import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DomainEventsModule } from '@swishly/platform';
import { WaitlistModule } from '@swishly/waitlist';
import { EventsSettings } from './events.settings';
import { ShotRecord } from './shots/entities/shot-record.entity';
import { SendEventClaimEmailJob } from './shots/jobs/send-event-claim-email.job';
import { ShotFeedbackGenerator } from './shots/shot-feedback.generator';
import { SendEventClaimEmail, SendShotLinkEmail } from './shots/shot-records.events';
import { SendShotLinkEmailJob } from './shots/jobs/send-shot-link-email.job';
import { ShotClaimTokens } from './shots/shot-claim-tokens.service';
import { ShotPersonalData } from './shots/shot-personal-data.holder';
import { ShotRecordsProjection } from './shots/shot-records.projection';
import { ShotRecordsRepository } from './shots/shot-records.repository';
import { ShotRecordsService } from './shots/shot-records.service';
import { ShotsController } from './shots/shots.controller';
import { ShotsIngestGuard } from './shots/shots-ingest.guard';

/**
 * In-person event (Helsinki Basketball Festival) and web shot-analysis flows: shot records,
 * their claim (the waitlist, early access at the booth) and feedback. (Not the domain event
 * store, which lives in libs/platform.) Early access comes from the admin module, which
 * provides EARLY_ACCESS_GRANTS to the whole app.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([ShotRecord]),
    DomainEventsModule.forFeature({ projections: [ShotRecordsProjection], consumers: [SendEventClaimEmail, SendShotLinkEmail] }),
    WaitlistModule,
  ],
  controllers: [ShotsController],
  providers: [
    EventsSettings.provider,
    ShotsIngestGuard,
    ShotRecordsRepository,
    ShotRecordsService,
    ShotFeedbackGenerator,
    SendEventClaimEmailJob,
    SendShotLinkEmailJob,
    ShotClaimTokens,
    ShotPersonalData,
  ],
  exports: [ShotRecordsService],
})
export class EventsModule {}
