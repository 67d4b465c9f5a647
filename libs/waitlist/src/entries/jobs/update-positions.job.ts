import { Injectable } from '@nestjs/common';
import { ConsumerContext, ConsumerHandler, DomainEvent, HandlesConsumer } from '@swishly/platform';
import { PositionsService } from '../positions.service';
import { ReferralCredited, UpdatePositions, WaitlistJoinedPayload } from '../waitlist.events';

/** A join, a credit (the referrer moves), or a confirmation (the places held for it apply). */
type Payload = WaitlistJoinedPayload | { referrerEntryId: string } | { entryId: string };

/** Keeps the Redis sorted set of positions in step with the read model. */
@Injectable()
@HandlesConsumer(UpdatePositions)
export class UpdatePositionsJob implements ConsumerHandler<Payload> {
  constructor(private readonly positions: PositionsService) {}

  handle(event: DomainEvent<Payload>, context: ConsumerContext): Promise<void> {
    return this.handleBatch([event], context);
  }

  /** One read and one ZADD for the whole job. */
  async handleBatch(events: DomainEvent<Payload>[], { manager }: ConsumerContext): Promise<void> {
    const entryIds = events.map((event) => (ReferralCredited.is(event) ? event.payload.referrerEntryId : (event.payload as { entryId: string }).entryId));
    await this.positions.mirror([...new Set(entryIds)], manager);
  }
}
