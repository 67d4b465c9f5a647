import { Injectable } from '@nestjs/common';
import { causedBy, ConsumerContext, ConsumerHandler, DomainEvent, HandlesConsumer, PayloadOf } from '@swishly/platform';
import { ReferralCredited, WaitlistConfirmed } from '@swishly/waitlist';
import { MilestoneAwards } from '../milestone-awards.service';
import { AwardReferralMilestones } from '../referral-milestones.events';

type Credited = PayloadOf<typeof ReferralCredited> | PayloadOf<typeof WaitlistConfirmed>;

/** A friend credited (the referrer's count rose) or a member confirmed (their credits count now): what is due to them. */
@Injectable()
@HandlesConsumer(AwardReferralMilestones)
export class AwardReferralMilestonesJob implements ConsumerHandler<Credited> {
  constructor(private readonly awards: MilestoneAwards) {}

  handle(event: DomainEvent<Credited>, context: ConsumerContext): Promise<void> {
    return this.handleBatch([event], context);
  }

  async handleBatch(events: DomainEvent<Credited>[], context: ConsumerContext): Promise<void> {
    const requests = events.map((event) => ({
      entryId: 'referrerEntryId' in event.payload ? event.payload.referrerEntryId : event.payload.entryId,
      cause: causedBy(event),
    }));
    await this.awards.awardDue(requests, context);
  }
}
