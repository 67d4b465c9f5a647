import { Inject, Injectable } from '@nestjs/common';
import { sanitizePostHtml } from '@swishly/content';
import {
  APP_CONFIG,
  AppConfig,
  ConsumerContext,
  EventMetadata,
  EventStore,
  MailService,
  MailUnsubscribes,
  OutgoingEmail,
  privacyRequestLink,
  renderEmail,
  uuidFrom,
} from '@swishly/platform';
import { Referrer, WaitlistMembersService, WaitlistService } from '@swishly/waitlist';
import { createElement } from 'react';
import { BroadcastEmail } from '../broadcasts/emails/broadcast.email';
import { asksForPosition, personalFieldsOf, personalise } from '../broadcasts/personalisation';
import { EarlyAccessService } from '../early-access/early-access.service';
import { MilestoneDefinition, REFERRAL_MILESTONE_AWARDS_STREAM, ReferralMilestoneReached } from './referral-milestones.events';
import { awardsGiven, milestoneDefinitions, milestonesDue } from './referral-milestones.service';

/**
 * Gives members the referral milestones their credited referrals have reached, in a consumer's
 * transaction: for each milestone a member has passed and not received, an award (unique per
 * member and milestone), for an early_access reward their own code (the admissions' way), and
 * one email under a key of the member and the milestone (the mail log's unique row). So a
 * redelivered job, a replayed log, a worker killed mid-job or a friend erased since give nothing
 * twice. Only confirmed members are rewarded (an unconfirmed one gets theirs when they confirm).
 * The thank-you email is news: it carries one-click unsubscribe and is not sent after an
 * unsubscribe. The early-access email is what the member earned, like an admission's invite: it
 * reaches a member who unsubscribed from news (without an unsubscribe link). Neither goes to an
 * address that bounced or complained; the award is theirs all the same.
 */
@Injectable()
export class MilestoneAwards {
  constructor(
    private readonly members: WaitlistMembersService,
    private readonly waitlist: WaitlistService,
    private readonly earlyAccess: EarlyAccessService,
    private readonly mail: MailService,
    private readonly unsubscribes: MailUnsubscribes,
    private readonly events: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Gives these members what is due to them, each award caused by the event that asked for it: how many awards. */
  async awardDue(requests: { entryId: string; cause: EventMetadata }[], context: ConsumerContext): Promise<number> {
    const { manager } = context;
    const milestones = await milestoneDefinitions(manager);
    if (milestones.length === 0 || requests.length === 0) return 0;
    const causes = new Map(requests.map((r) => [r.entryId, r.cause]));
    const ids = [...causes.keys()].sort();
    // One job at a time decides a member's awards (in id order: two jobs never wait on each
    // other): another friend's credit in a job beside this one waits, then finds them given.
    await manager.query(
      `SELECT pg_advisory_xact_lock(hashtextextended('referral-milestones:' || id, 0)) FROM (SELECT id FROM unnest($1::text[]) AS id ORDER BY id) ids`,
      [ids],
    );
    const referrers = await this.members.referrersIn(ids, manager);
    const given = await awardsGiven(
      referrers.map((r) => r.id),
      manager,
    );
    const due = referrers.flatMap((member) => milestonesDue(member, milestones, given).map((milestone) => ({ member, milestone })));
    if (due.length === 0) return 0;
    const places = due.some(({ milestone }) => asksForPosition(milestone.html))
      ? await this.members.placesOf(
          due.map(({ member }) => member),
          manager,
        )
      : [];
    const tx = this.events.within(manager);
    const emails: OutgoingEmail[] = [];
    for (const [i, { member, milestone }] of due.entries()) {
      const cause = causes.get(member.id)!;
      const issued = milestone.reward === 'early_access' ? await this.earlyAccess.ownCodeWithin(manager, member.firstName, member.email, cause) : null;
      await tx.append(
        { streamType: REFERRAL_MILESTONE_AWARDS_STREAM, streamId: member.id },
        'any',
        [
          ReferralMilestoneReached({
            entryId: member.id,
            referrals: milestone.referrals,
            reward: milestone.reward,
            codeId: issued?.codeId ?? null,
            email: member.email,
          }),
        ],
        cause,
      );
      emails.push(this.email(member, milestone, issued?.code ?? null, places[i]));
    }
    await this.mail.deliverMany(emails, context);
    return due.length;
  }

  /** Staff's email for the milestone, personalised for the member, with their code for an early_access reward. */
  private email(member: Referrer, milestone: MilestoneDefinition, code: string | null, place: number | undefined): OutgoingEmail {
    const site = this.config.PUBLIC_URL.replace(/\/$/, '');
    const eventId = uuidFrom(`referral-milestone:${member.id}:${milestone.referrals}`);
    const unsubscribeUrl = code === null ? this.unsubscribes.url(member.email, eventId) : undefined;
    const rendered = renderEmail(
      createElement(BroadcastEmail, {
        brand: this.config.BRAND_NAME,
        subject: milestone.subject,
        html: sanitizePostHtml(milestone.html),
        unsubscribeLink: unsubscribeUrl,
        privacyLink: privacyRequestLink(site, member.email),
        earlyAccess: code === null ? undefined : { code, downloadLink: `${site}/download` },
      }),
    );
    return {
      to: member.email,
      subject: milestone.subject,
      template: 'referral-milestone',
      eventId,
      unsubscribeUrl,
      content: personalise(
        rendered,
        personalFieldsOf(member, place, (referralCode) => this.waitlist.links.referral(referralCode)),
      ),
    };
  }
}
