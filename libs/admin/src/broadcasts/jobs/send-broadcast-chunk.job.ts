import { Inject, Injectable } from '@nestjs/common';
import {
  APP_CONFIG,
  AppConfig,
  causedBy,
  ConsumerContext,
  ConsumerHandler,
  DomainEvent,
  EventStore,
  HandlesConsumer,
  MailService,
  MailUnsubscribes,
  OutgoingEmail,
  PayloadOf,
  privacyRequestLink,
  renderEmail,
  uuidFrom,
} from '@swishly/platform';
import { sanitizePostHtml } from '@swishly/content';
import { WaitlistMembersService, WaitlistService } from '@swishly/waitlist';
import { createElement } from 'react';
import { BroadcastEmail } from '../emails/broadcast.email';
import { BROADCAST_STREAM, BroadcastChunkQueued, BroadcastChunkSent, SendBroadcastChunk } from '../broadcasts.events';
import { asksForPosition, personalFieldsOf, personalise } from '../personalisation';

/** Stands in for each recipient's own unsubscribe URL in the email rendered once per chunk. */
const UNSUBSCRIBE_PLACEHOLDER = 'https://unsubscribe.invalid/recipient';

/**
 * One chunk of an announcement: the chunk's members who may still be mailed (confirmed, not
 * erased, unsubscribed or suppressed, checked now, not at the request), one email each with
 * one-click unsubscribe. Each email's key is the broadcast and the member: the chunk's job run
 * again (a worker killed mid-batch) writes nothing twice, and its commit is what marks it done.
 * Delivery goes in batches of 100 after the commit, retried with back-off on 429 (MailDelivery).
 */
@Injectable()
@HandlesConsumer(SendBroadcastChunk)
export class SendBroadcastChunkJob implements ConsumerHandler<PayloadOf<typeof BroadcastChunkQueued>> {
  constructor(
    private readonly members: WaitlistMembersService,
    private readonly waitlist: WaitlistService,
    private readonly mail: MailService,
    private readonly unsubscribes: MailUnsubscribes,
    private readonly events: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle(event: DomainEvent<PayloadOf<typeof BroadcastChunkQueued>>, context: ConsumerContext): Promise<void> {
    const { broadcastId, chunk, audience, leaveOut = {}, planned } = event.payload;
    const [broadcast]: { subject: string; html: string }[] = await context.manager.query('SELECT subject, html FROM broadcasts WHERE id = $1', [broadcastId]);
    if (!broadcast) throw new Error(`Broadcast ${broadcastId} is not in its projection yet`);
    const recipients = await this.members.audienceIn(audience, leaveOut, event.payload, context.manager);
    // Rendered once for the chunk; each recipient's email differs only in its unsubscribe URL and
    // its personal fields ({{first_name}}, {{position}}, {{referral_link}}). The
    // body is sanitised again right before it is sent, whatever reached the projection or the queue.
    const rendered = renderEmail(
      createElement(BroadcastEmail, {
        brand: this.config.BRAND_NAME,
        subject: broadcast.subject,
        html: sanitizePostHtml(broadcast.html),
        unsubscribeLink: UNSUBSCRIBE_PLACEHOLDER,
        privacyLink: privacyRequestLink(this.config.PUBLIC_URL),
      }),
    );
    const places = asksForPosition(broadcast.html) ? await this.members.placesOf(recipients, context.manager) : [];
    const emails = recipients.map((member, i): OutgoingEmail => {
      const eventId = uuidFrom(`broadcast:${broadcastId}:${member.id}`);
      // Its own email's id in the link, so an unsubscribe through it counts for this announcement.
      const unsubscribeUrl = this.unsubscribes.url(member.email, eventId);
      const own = personalise(
        rendered,
        personalFieldsOf(member, places[i], (code) => this.waitlist.links.referral(code)),
      );
      return {
        to: member.email,
        subject: broadcast.subject,
        template: 'broadcast',
        eventId,
        broadcastId,
        unsubscribeUrl,
        content: {
          html: own.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, () => unsubscribeUrl.replaceAll('&', '&amp;')),
          text: own.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, () => unsubscribeUrl),
        },
      };
    });
    const statuses = await this.mail.deliverMany(emails, context);
    await this.events.within(context.manager).append(
      { streamType: BROADCAST_STREAM, streamId: broadcastId },
      'any',
      [
        BroadcastChunkSent({
          broadcastId,
          chunk,
          queued: statuses.filter((s) => s !== 'suppressed').length,
          skipped: Math.max(0, planned - recipients.length),
        }),
      ],
      causedBy(event),
    );
  }
}
