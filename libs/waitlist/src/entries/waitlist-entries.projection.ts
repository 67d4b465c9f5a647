import { Injectable } from '@nestjs/common';
import { MailSuppressions, Projection, ProjectionHandlers } from '@swishly/platform';
import { canonicalMailbox, isDisposableEmail, normaliseEmail } from './email';
import { WaitlistEntriesRepository } from './waitlist-entries.repository';
import {
  ReferralCredited,
  ReferralDecision,
  ReferralReviewed,
  WaitlistAdmitted,
  WaitlistConfirmationReminded,
  WaitlistConfirmationRequested,
  WaitlistConfirmed,
  WaitlistJoined,
  welcomedWithConfirmationLink,
} from './waitlist.events';

const referralStatusOf = (referral: ReferralDecision | null) =>
  !referral ? 'none' : referral.kind === 'unknown' ? 'unknown' : referral.kind === 'creator' ? 'creator' : referral.status;

@Injectable()
export class WaitlistEntriesProjection implements Projection {
  /** The suppression list's keyed hash of each member's address (a constant function of it: a replay writes the same). */
  constructor(private readonly suppressions: MailSuppressions) {}

  readonly name = 'waitlist-entries';
  readonly tables = ['waitlist_entries', 'waitlist_counter', 'waitlist_confirmation_reminders'];
  // A join locks waitlist_counter before anything else (its signup number), and the state counts
  // kept there change with every confirmation or admission: applied first, every transaction locks
  // the counter before the funnel's rows. Otherwise a confirmation holding a funnel row and a join
  // holding the counter wait for each other.
  readonly runsFirst = true;
  readonly handlers = new ProjectionHandlers()
    .onBatch(WaitlistJoined, async (events, manager) => {
      // Joins arrive in batches (see JoinBatcher): one statement for all of them. A duplicate
      // email fails here on the unique index and rolls the whole transaction back. A member
      // since erased gets no row (the erasure deleted theirs), but keeps their signup number
      // counted: numbers stay contiguous, and the people behind them move up.
      const kept = events.filter((event) => !event.personalDataErased);
      await WaitlistEntriesRepository.insertJoined(
        kept.map(({ payload: p, occurredAt }) => ({
          id: p.entryId,
          signupNumber: p.signupNumber,
          firstName: p.firstName,
          email: p.email,
          emailNormalized: normaliseEmail(p.email),
          emailCanonical: canonicalMailbox(p.email),
          addressHash: this.suppressions.addressHash(p.email),
          role: p.role,
          referralCode: p.referralCode,
          referredByCode: p.referredByCode,
          source: p.source,
          rankKey: p.signupNumber * 2,
          referrerEntryId: p.referral?.kind === 'entry' ? p.referral.referrerEntryId : null,
          creatorCode: p.referral?.kind === 'creator' ? p.referral.code : null,
          referralStatus: referralStatusOf(p.referral),
          // An imported member joined the old list then: they keep that date.
          createdAt: new Date(p.joinedAt ?? occurredAt),
          disposableEmail: isDisposableEmail(p.email),
          confirmationSentAt: welcomedWithConfirmationLink(p) ? new Date(occurredAt) : null,
        })),
        manager,
      );
      // The referrers' open referrals: a friend's pending one, or one held for review.
      await WaitlistEntriesRepository.countOpenReferrals(
        kept.flatMap(({ payload: { referral } }) =>
          referral?.kind === 'entry' && referral.status !== 'self'
            ? [{ referrerEntryId: referral.referrerEntryId, pending: referral.status === 'pending' ? 1 : 0, held: referral.status === 'flagged' ? 1 : 0 }]
            : [],
        ),
        manager,
      );
      await WaitlistEntriesRepository.countSignups(Math.max(...events.map((e) => e.payload.signupNumber)), events.length - kept.length, manager);
    })
    .onBatch(WaitlistConfirmed, async (events, manager) => {
      // An import of a double opt-in list confirms its members in batches: one statement.
      await WaitlistEntriesRepository.markConfirmed(
        events.map((e) => ({ entryId: e.payload.entryId, confirmedAt: new Date(e.occurredAt) })),
        manager,
      );
    })
    .onBatch(WaitlistAdmitted, async (events, manager) => {
      await manager.query(`UPDATE waitlist_entries e SET admitted_at = a.at FROM unnest($1::uuid[], $2::timestamptz[]) AS a(id, at) WHERE e.id = a.id`, [
        events.map((e) => e.payload.entryId),
        events.map((e) => e.occurredAt),
      ]);
    })
    .on(WaitlistConfirmationRequested, async (event, manager) => {
      await WaitlistEntriesRepository.confirmationLinkSent(event.payload.entryId, new Date(event.occurredAt), manager);
    })
    .on(WaitlistConfirmationReminded, async (event, manager) => {
      await WaitlistEntriesRepository.markReminded(event.payload.entryId, new Date(event.occurredAt), manager);
    })
    .on(ReferralReviewed, async (event, manager) => {
      // A ReferralCredited in the same transaction marks a credited one credited when the friend has confirmed.
      await WaitlistEntriesRepository.reviewReferral(event.payload.entryId, event.payload.decision, manager);
    })
    .on(ReferralCredited, async (event, manager) => {
      const p = event.payload;
      await WaitlistEntriesRepository.creditReferral(p.referrerEntryId, p.referredEntryId, p.places, manager);
    })
    .build();
}
