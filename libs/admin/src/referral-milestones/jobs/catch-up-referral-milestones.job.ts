import { Injectable } from '@nestjs/common';
import { causedBy, ConsumerContext, ConsumerHandler, DomainEvent, HandlesConsumer, PayloadOf } from '@swishly/platform';
import { MilestoneAwards } from '../milestone-awards.service';
import { CatchUpReferralMilestones, ReferralMilestonesCatchUpQueued } from '../referral-milestones.events';

/** One chunk of a catch-up: what is due to each of its members now (an award they already have is skipped). */
@Injectable()
@HandlesConsumer(CatchUpReferralMilestones)
export class CatchUpReferralMilestonesJob implements ConsumerHandler<PayloadOf<typeof ReferralMilestonesCatchUpQueued>> {
  constructor(private readonly awards: MilestoneAwards) {}

  async handle(event: DomainEvent<PayloadOf<typeof ReferralMilestonesCatchUpQueued>>, context: ConsumerContext): Promise<void> {
    await this.awards.awardDue(
      event.payload.entryIds.map((entryId) => ({ entryId, cause: causedBy(event) })),
      context,
    );
  }
}
