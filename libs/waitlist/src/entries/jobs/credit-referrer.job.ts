import { Inject, Injectable } from '@nestjs/common';
import { causedBy, ConsumerContext, ConsumerHandler, DomainEvent, EventStore, HandlesConsumer, SettingsOf } from '@swishly/platform';
import { WaitlistEntriesRepository } from '../waitlist-entries.repository';
import { CreditReferrer, ReferralCredited, WAITLIST_STREAM } from '../waitlist.events';
import { WaitlistSettings } from '../../waitlist.settings';

/** When a referred friend confirms, their referrer moves up (only for a pending, honest referral). */
@Injectable()
@HandlesConsumer(CreditReferrer)
export class CreditReferrerJob implements ConsumerHandler<{ entryId: string }> {
  constructor(
    private readonly events: EventStore,
    private readonly entries: WaitlistEntriesRepository,
    @Inject(WaitlistSettings.token) private readonly settings: SettingsOf<typeof WaitlistSettings>,
  ) {}

  async handle(event: DomainEvent<{ entryId: string }>, { manager }: ConsumerContext): Promise<void> {
    const friend = await this.entries.findById(event.payload.entryId, manager);
    if (!friend) return; // erased since (the projection writes every entry with its event)
    if (friend.referralStatus !== 'pending' || !friend.referrerEntryId) return;
    // In this job's transaction: the credit commits exactly when the job is recorded as done.
    await this.events
      .within(manager)
      .append(
        { streamType: WAITLIST_STREAM, streamId: friend.referrerEntryId },
        'any',
        [ReferralCredited({ referrerEntryId: friend.referrerEntryId, referredEntryId: friend.id, places: this.settings.WAITLIST_PLACES_PER_REFERRAL })],
        causedBy(event),
      );
  }
}
