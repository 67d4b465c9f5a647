import { Injectable } from '@nestjs/common';
import { Projection, ProjectionHandlers } from '@swishly/platform';
import { canonicalMailbox, normaliseEmail } from './email';
import { WaitlistEntry } from './entities/waitlist-entry.entity';
import { WaitlistJoined } from './waitlist.events';

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
        createdAt: new Date(event.occurredAt),
      });
      await manager.query(
        `INSERT INTO waitlist_counter (id, last_signup_number) VALUES (1, $1)
         ON CONFLICT (id) DO UPDATE SET last_signup_number = GREATEST(waitlist_counter.last_signup_number, $1)`,
        [p.signupNumber],
      );
    })
    .build();
}
