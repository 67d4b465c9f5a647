import { Injectable } from '@nestjs/common';
import { causedBy, normaliseSourceTag, ConsumerContext, ConsumerHandler, DomainEvent, EventStore, HandlesConsumer } from '@swishly/platform';
import { WaitlistJoinedPayload } from '@swishly/waitlist';
import { RollUpSignups, SIGNUP_ROLLUP_STREAM, SignupChannel, SignupRollupRow, SignupsCounted } from '../signups.events';

/** The counter a join adds to: its UTC day, channel, creator code and the source the visitor arrived with. */
export function signupCounterOf(event: DomainEvent<WaitlistJoinedPayload>): Omit<SignupRollupRow, 'signups'> {
  const { referral, attribution } = event.payload;
  const channel: SignupChannel =
    referral?.kind === 'creator'
      ? 'creator'
      : referral?.kind === 'entry'
        ? referral.status === 'self'
          ? 'self_referral'
          : referral.status === 'flagged'
            ? 'flagged_referral'
            : 'referral'
        : 'direct';
  return {
    day: event.occurredAt.slice(0, 10),
    channel,
    creatorCode: referral?.kind === 'creator' ? referral.code.toUpperCase() : '',
    // Joins recorded before tags were normalised keep their tag's case in the log.
    sourceTag: normaliseSourceTag(attribution?.sourceTag ?? ''),
    utmSource: attribution?.utmSource ?? '',
    utmCampaign: attribution?.utmCampaign ?? '',
  };
}

/**
 * Counts the job's joins per counter and appends the increments (SignupsCounted, projected into
 * signup_daily_rollups) in the job's transaction: the host records each join as processed in
 * that same transaction, so a retried or redelivered join is never counted twice.
 */
@Injectable()
@HandlesConsumer(RollUpSignups)
export class RollUpSignupsJob implements ConsumerHandler<WaitlistJoinedPayload> {
  constructor(private readonly events: EventStore) {}

  handle(event: DomainEvent<WaitlistJoinedPayload>, context: ConsumerContext): Promise<void> {
    return this.handleBatch([event], context);
  }

  async handleBatch(events: DomainEvent<WaitlistJoinedPayload>[], { manager }: ConsumerContext): Promise<void> {
    const counters = new Map<string, SignupRollupRow>();
    for (const event of events) {
      const counter = signupCounterOf(event);
      const key = Object.values(counter).join('|');
      const row = counters.get(key) ?? { ...counter, signups: 0 };
      row.signups++;
      counters.set(key, row);
    }
    const rows = [...counters.values()];
    const tx = this.events.within(manager);
    for (const day of [...new Set(rows.map((r) => r.day))]) {
      await tx.append(
        { streamType: SIGNUP_ROLLUP_STREAM, streamId: day },
        'any',
        [SignupsCounted({ rows: rows.filter((r) => r.day === day) })],
        causedBy(events[0]),
      );
    }
  }
}
