import { Injectable } from '@nestjs/common';
import { emailSubject, Projection, ProjectionHandlers } from '@swishly/platform';
import { ReferralMilestoneReached, ReferralMilestonesChanged } from './referral-milestones.events';

/**
 * Staff's milestones (the list as last saved) and the awards: one row per member and milestone,
 * filed under the member's address's subject so that an erasure finds it. The pair's primary key
 * is what makes a second award of the same milestone fail and its job run again, finding it given.
 */
@Injectable()
export class ReferralMilestonesProjection implements Projection {
  readonly name = 'referral-milestones';
  readonly tables = ['referral_milestones', 'referral_milestone_awards'];
  readonly handlers = new ProjectionHandlers()
    .on(ReferralMilestonesChanged, async (event, manager) => {
      const milestones = event.payload.milestones;
      await manager.query('DELETE FROM referral_milestones');
      await manager.query(
        `INSERT INTO referral_milestones (referrals, reward, subject, html, updated_at)
         SELECT referrals, reward, subject, html, $5 FROM unnest($1::int[], $2::varchar[], $3::varchar[], $4::text[]) AS m(referrals, reward, subject, html)`,
        [
          milestones.map((m) => m.referrals),
          milestones.map((m) => m.reward),
          milestones.map((m) => m.subject),
          milestones.map((m) => m.html),
          event.occurredAt,
        ],
      );
    })
    .on(ReferralMilestoneReached, async (event, manager) => {
      if (event.personalDataErased) return; // the member was erased: their awards went with them
      const p = event.payload;
      await manager.query(`INSERT INTO referral_milestone_awards (entry_id, referrals, reward, subject, awarded_at) VALUES ($1, $2, $3, $4, $5)`, [
        p.entryId,
        p.referrals,
        p.reward,
        emailSubject(p.email),
        event.occurredAt,
      ]);
    })
    .build();
}
