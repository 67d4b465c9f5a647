import { Inject, Injectable } from '@nestjs/common';
import {
  APP_CONFIG,
  AppConfig,
  ConsumerContext,
  ConsumerHandler,
  DomainEvent,
  HandlesConsumer,
  MailService,
  MailUnsubscribes,
  OutgoingEmail,
  privacyRequestLink,
} from '@swishly/platform';
import { welcomeEmail } from '../emails/welcome.email';
import { WaitlistEntry } from '../entities/waitlist-entry.entity';
import { PositionsService } from '../positions.service';
import { WaitlistEntriesRepository } from '../waitlist-entries.repository';
import { WaitlistLinks } from '../waitlist-links';
import { SendWelcomeEmail, WaitlistConfirmationRequested, WaitlistJoined, WaitlistJoinedPayload, WaitlistStatusLinkRequested } from '../waitlist.events';

type Kind = 'welcome' | 'reminder' | 'status-link';

const TEMPLATES: Record<Kind, string> = { welcome: 'waitlist-welcome', reminder: 'waitlist-confirm-reminder', 'status-link': 'waitlist-status-link' };

/**
 * The welcome email (position, referral link, confirm link), its reminder on a repeat sign-up,
 * and a fresh status link asked for from an old one. The status link is in these emails only.
 */
@Injectable()
@HandlesConsumer(SendWelcomeEmail)
export class SendWelcomeEmailJob implements ConsumerHandler<{ entryId: string }> {
  constructor(
    private readonly mail: MailService,
    private readonly positions: PositionsService,
    private readonly links: WaitlistLinks,
    private readonly entries: WaitlistEntriesRepository,
    private readonly unsubscribes: MailUnsubscribes,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  handle(event: DomainEvent<{ entryId: string }>, context: ConsumerContext): Promise<void> {
    return this.handleBatch([event], context);
  }

  /** One read of the job's entries and one INSERT of its emails, whatever their number. */
  async handleBatch(events: DomainEvent<{ entryId: string }>[], context: ConsumerContext): Promise<void> {
    const entries = await this.entries.lockedForEmail(
      events.map((e) => e.payload.entryId),
      context.manager,
    );
    const byId = new Map(entries.map((entry) => [entry.id, entry]));
    const emails: OutgoingEmail[] = [];
    for (const event of events) {
      const entry = byId.get(event.payload.entryId);
      if (!entry) continue; // erased since (the projection writes every entry with its event): nothing goes to them
      const kind: Kind = WaitlistConfirmationRequested.is(event) ? 'reminder' : WaitlistStatusLinkRequested.is(event) ? 'status-link' : 'welcome';
      if (kind === 'reminder' && entry.confirmedAt) continue; // confirmed in the meantime
      // A join's email states the position its sign-up answered (a newcomer is last in line, so
      // that is its signup number): no lookup, and the email agrees with what the page showed.
      const position = WaitlistJoined.is(event)
        ? ((event.payload as WaitlistJoinedPayload).position ?? (event.payload as WaitlistJoinedPayload).signupNumber)
        : await this.positions.positionOf(entry, { db: context.manager });
      emails.push(this.email(event, entry, position, kind));
    }
    await this.mail.deliverMany(emails, context);
  }

  private email(event: DomainEvent, entry: WaitlistEntry, position: number, kind: Kind): OutgoingEmail {
    const brand = this.config.BRAND_NAME;
    // A welcome from the web shot flow links back to the analysis the person just unlocked.
    const shotCode = kind === 'welcome' && WaitlistJoined.is(event) && event.payload.source === 'shot' ? event.payload.eventCode : null;
    const subjects: Record<Kind, string> = {
      welcome: `You're #${position} on the ${brand} waitlist`,
      reminder: `Confirm your spot on the ${brand} waitlist`,
      'status-link': `Your link to your spot on the ${brand} waitlist`,
    };
    // The welcome and the reminder are waitlist news: one-click unsubscribe. The status link answers the member's own request.
    const unsubscribeUrl = kind === 'status-link' ? undefined : this.unsubscribes.url(entry.email);
    return {
      to: entry.email,
      subject: subjects[kind],
      ...(unsubscribeUrl ? { unsubscribeUrl } : {}),
      template: TEMPLATES[kind],
      eventId: event.id,
      content: welcomeEmail.render({
        brand,
        firstName: entry.firstName,
        position,
        referralLink: this.links.referral(entry.referralCode),
        confirmLink: this.links.confirm(entry.id),
        statusLink: this.links.status(entry.id),
        reminder: kind === 'reminder',
        statusLinkOnly: kind === 'status-link',
        ...(shotCode ? { fromEvent: 'ShotAnalysis' as const } : {}),
        unsubscribeLink: unsubscribeUrl ?? '', // not shown with a status link
        privacyLink: privacyRequestLink(this.config.PUBLIC_URL, entry.email),
        analysisLink: shotCode ? `${this.config.PUBLIC_URL.replace(/\/$/, '')}/shot-feedback/${encodeURIComponent(shotCode)}` : '',
      }),
    };
  }
}
