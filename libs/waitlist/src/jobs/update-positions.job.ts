import { Injectable } from '@nestjs/common';
import { ConsumerContext, ConsumerHandler, DomainEvent, HandlesConsumer } from '@swishly/platform';
import { PositionsService } from '../positions.service';
import { ReferralCredited, UpdatePositions, WaitlistJoinedPayload } from '../waitlist.events';

/** Keeps the Redis sorted set of positions in step with the read model. */
@Injectable()
@HandlesConsumer(UpdatePositions)
export class UpdatePositionsJob implements ConsumerHandler<WaitlistJoinedPayload | { referrerEntryId: string }> {
  constructor(private readonly positions: PositionsService) {}

  async handle(event: DomainEvent<WaitlistJoinedPayload | { referrerEntryId: string }>, { manager }: ConsumerContext): Promise<void> {
    const entryId = ReferralCredited.is(event) ? event.payload.referrerEntryId : (event.payload as WaitlistJoinedPayload).entryId;
    await this.positions.mirror(entryId, manager);
  }
}
