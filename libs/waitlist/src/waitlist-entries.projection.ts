import { Injectable } from '@nestjs/common';
import { Projection, ProjectionHandlers } from '@swishly/platform';
import { canonicalMailbox, normaliseEmail } from './email';
import { WaitlistEntry } from './entities/waitlist-entry.entity';
import { ReferralCredited, WaitlistConfirmed, WaitlistJoined } from './waitlist.events';

@Injectable()
export class WaitlistEntriesProjection implements Projection {
  readonly name = 'waitlist-entries';
  readonly tables = ['waitlist_entries', 'waitlist_counter'];
  readonly handlers = new ProjectionHandlers()
    .on(WaitlistJoined, async (event, manager) => {
      const p = event.payload;
      // A duplicate email fails here on the unique index and rolls the whole join back.
      await manager.insert(WaitlistEntry, {
        id: p.entryId,
        signupNumber: p.signupNumber,
        firstName: p.firstName,
        email: p.email,
        emailNormalized: normaliseEmail(p.email),
        emailCanonical: canonicalMailbox(p.email),
        role: p.role,
        referralCode: p.referralCode,
        referredByCode: p.referredByCode,
        source: p.source,
        referralCredits: 0,
        rankKey: p.signupNumber * 2,
        referrerEntryId: p.referral?.kind === 'entry' ? p.referral.referrerEntryId : null,
        creatorCode: p.referral?.kind === 'creator' ? p.referral.code : null,
        referralStatus: !p.referral ? 'none' : p.referral.kind === 'unknown' ? 'unknown' : p.referral.kind === 'creator' ? 'creator' : p.referral.status,
        confirmedAt: null,
        createdAt: new Date(event.occurredAt),
      });
      await manager.query(
        `INSERT INTO waitlist_counter (id, last_signup_number) VALUES (1, $1)
         ON CONFLICT (id) DO UPDATE SET last_signup_number = GREATEST(waitlist_counter.last_signup_number, $1)`,
        [p.signupNumber],
      );
    })
    .on(WaitlistConfirmed, async (event, manager) => {
      await manager.update(WaitlistEntry, { id: event.payload.entryId }, { confirmedAt: new Date(event.occurredAt) });
    })
    .on(ReferralCredited, async (event, manager) => {
      const p = event.payload;
      await manager.query(
        'UPDATE waitlist_entries SET referral_credits = referral_credits + 1, rank_key = rank_key - $2 WHERE id = $1',
        [p.referrerEntryId, 2 * p.places + 1],
      );
      await manager.update(WaitlistEntry, { id: p.referredEntryId }, { referralStatus: 'credited' });
    })
    .build();
}
