import { Injectable } from '@nestjs/common';
import { Projection, ProjectionHandlers } from '@swishly/platform';
import {
  WaitlistAdmitted,
  WaitlistConfirmationReminded,
  WaitlistConfirmed,
  WaitlistJoined,
  WaitlistJoinedPayload,
  WaitlistMemberErased,
} from '@swishly/waitlist';
import { EarlyAccessCodeRedeemed } from '../../early-access/early-access.events';
import { MemberInvited } from '../../waitlist/admissions.events';
import { ReportFunnelRepository } from './report-funnel.repository';

/** The UTC day a member counts in: the day they joined as the list shows it (an imported member's day on the old list). */
export function cohortDay(join: WaitlistJoinedPayload, occurredAt: string): string {
  return new Date(join.joinedAt ?? occurredAt).toISOString().slice(0, 10);
}

/**
 * The report's funnel, joined → confirmed → admitted → code redeemed, counted per cohort (join
 * day, source, creator code): each member moves each counter once (funnel_members says how far
 * they have got), so the report sums a few rows a day instead of reading the log. An admitted
 * member counts as confirmed too (the steps are in order). An erasure forgets the member's row;
 * the counts stay, anonymous, as the report's sign-up counts do.
 */
@Injectable()
export class ReportFunnelProjection implements Projection {
  readonly name = 'report-funnel';
  readonly tables = ['funnel_members', 'funnel_daily_counts', 'funnel_monthly_counts', 'funnel_day_totals'];
  readonly handlers = new ProjectionHandlers()
    .onBatch(WaitlistJoined, async (events, manager) => {
      await ReportFunnelRepository.addMembers(
        events.map(({ payload: p, occurredAt }) => ({
          entryId: p.entryId,
          day: cohortDay(p, occurredAt),
          source: p.source,
          creatorCode: p.referral?.kind === 'creator' ? p.referral.code : '',
        })),
        manager,
      );
    })
    .onBatch(WaitlistConfirmed, async (events, manager) => {
      await ReportFunnelRepository.reach(
        'confirmed',
        events.map((e) => e.payload.entryId),
        manager,
      );
    })
    .onBatch(WaitlistAdmitted, async (events, manager) => {
      const entryIds = events.map((e) => e.payload.entryId);
      await ReportFunnelRepository.reach('confirmed', entryIds, manager);
      await ReportFunnelRepository.reach('admitted', entryIds, manager);
    })
    .onBatch(WaitlistConfirmationReminded, async (events, manager) => {
      await ReportFunnelRepository.reach(
        'reminded',
        events.map((e) => e.payload.entryId),
        manager,
      );
    })
    .on(MemberInvited, async (event, manager) => {
      if (event.payload.codeId) await ReportFunnelRepository.giveCode(event.payload.entryId, event.payload.codeId, manager);
    })
    .on(EarlyAccessCodeRedeemed, async (event, manager) => {
      await ReportFunnelRepository.redeemed(event.payload.codeId, manager);
    })
    .on(WaitlistMemberErased, async (event, manager) => {
      await ReportFunnelRepository.forget(event.payload.entryId, manager);
    })
    .build();
}
