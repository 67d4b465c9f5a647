import { Injectable } from '@nestjs/common';
import { Projection, ProjectionHandlers } from '@swishly/platform';
import { canonicalMailbox, normaliseEmail } from './email';
import { WaitlistEntry } from './entities/waitlist-entry.entity';
import { ReferralCredited, ReferralDecision, WaitlistConfirmed, WaitlistJoined } from './waitlist.events';

const referralStatusOf = (referral: ReferralDecision | null) =>
  !referral ? 'none' : referral.kind === 'unknown' ? 'unknown' : referral.kind === 'creator' ? 'creator' : referral.status;

@Injectable()
export class WaitlistEntriesProjection implements Projection {
  readonly name = 'waitlist-entries';
  readonly tables = ['waitlist_entries', 'waitlist_counter'];
  readonly handlers = new ProjectionHandlers()
    .onBatch(WaitlistJoined, async (events, manager) => {
      // Joins arrive in batches (see JoinBatcher): one statement for all of them. A duplicate
      // email fails here on the unique index and rolls the whole transaction back.
      const rows = events.map(({ payload: p, occurredAt }) => [
        p.entryId,
        p.signupNumber,
        p.firstName,
        p.email,
        normaliseEmail(p.email),
        canonicalMailbox(p.email),
        p.role,
        p.referralCode,
        p.referredByCode,
        p.source,
        p.signupNumber * 2,
        p.referral?.kind === 'entry' ? p.referral.referrerEntryId : null,
        p.referral?.kind === 'creator' ? p.referral.code : null,
        referralStatusOf(p.referral),
        occurredAt,
      ]);
      await manager.query(
        `INSERT INTO waitlist_entries (id, signup_number, first_name, email, email_normalized, email_canonical, role,
           referral_code, referred_by_code, source, rank_key, referrer_entry_id, creator_code, referral_status, created_at)
         SELECT * FROM unnest($1::uuid[], $2::int[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[],
           $8::varchar[], $9::varchar[], $10::varchar[], $11::int[], $12::uuid[], $13::varchar[], $14::varchar[], $15::timestamptz[])`,
        rows[0].map((_, column) => rows.map((row) => row[column])),
      );
      await manager.query(
        `INSERT INTO waitlist_counter (id, last_signup_number) VALUES (1, $1)
         ON CONFLICT (id) DO UPDATE SET last_signup_number = GREATEST(waitlist_counter.last_signup_number, $1)`,
        [Math.max(...events.map((e) => e.payload.signupNumber))],
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
