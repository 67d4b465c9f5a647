import { Injectable } from '@nestjs/common';
import { causedBy, ConsumerContext, ConsumerHandler, DomainEvent, HandlesConsumer } from '@swishly/platform';
import { CreatorCodesService } from '../../creator-codes/creator-codes.service';
import { CountCreatorCodeUsage, WaitlistJoinedPayload } from '../waitlist.events';

/** A join through an active creator code counts toward the code's usage. */
@Injectable()
@HandlesConsumer(CountCreatorCodeUsage)
export class CountCreatorCodeUsageJob implements ConsumerHandler<WaitlistJoinedPayload> {
  constructor(private readonly creatorCodes: CreatorCodesService) {}

  async handle(event: DomainEvent<WaitlistJoinedPayload>, { manager }: ConsumerContext): Promise<void> {
    const referral = event.payload.referral;
    if (referral?.kind !== 'creator') return;
    await this.creatorCodes.recordUsage(referral.creatorCodeId, event.payload.entryId, manager, causedBy(event));
  }
}
