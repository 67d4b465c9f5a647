import { Inject, Injectable } from '@nestjs/common';
import type { ReactElement } from 'react';
import { APP_CONFIG, AppConfig } from '../config/config';
import { ConsumerContext } from '../events/domain-event';
import { MailDelivery } from './mail-delivery.service';
import { RenderedEmail, renderEmail } from './render-email';

export interface OutgoingEmail {
  to: string;
  subject: string;
  /** Which template, e.g. 'waitlist-welcome'; with the event id it makes the idempotency key. */
  template: string;
  /** The email's React element, or its html and text already rendered (an EmailTemplate). */
  content: ReactElement | RenderedEmail;
  /** The domain event this email comes from. */
  eventId: string;
  /** Where answers go, when not to the sender (the contact form's notification: the visitor). */
  replyTo?: string;
}

/** Whatever becomes a mail header (subject, addresses) on one line: a CR or LF there would start a header of its own. */
export function headerValue(value: string): string {
  return value.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();
}

export type MailStatus = 'pending' | 'logged' | 'sent' | 'failed';

/**
 * Renders React Email templates into the mail log, which is also the mail outbox. Inside a
 * consumer's transaction an email becomes a 'pending' row (or 'logged' when RESEND_API_KEY is
 * unset: the mail log is then the only destination); after the commit MailDelivery sends it
 * through Resend with the row's idempotency key, outside any transaction.
 */
@Injectable()
export class MailService {
  private readonly toSend = new WeakMap<ConsumerContext, string[]>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly delivery: MailDelivery,
  ) {}

  get from(): string {
    return this.config.MAIL_FROM ?? `${this.config.BRAND_NAME} <hello@swishly.app>`;
  }

  /** Records one email in the consumer's transaction and sends it once that commits. */
  async deliver(email: OutgoingEmail, context: ConsumerContext): Promise<MailStatus> {
    return (await this.deliverMany([email], context))[0];
  }

  /**
   * Records emails in the consumer's transaction with one INSERT and sends them once that
   * commits. An email already in the log for its event and template is skipped (a redelivery).
   */
  async deliverMany(emails: OutgoingEmail[], context: ConsumerContext): Promise<MailStatus[]> {
    if (emails.length === 0) return [];
    const rendered = emails.map((email) => ('html' in email.content ? email.content : renderEmail(email.content)));
    const status: MailStatus = this.delivery.enabled ? 'pending' : 'logged';
    const rows: { id: string }[] = await context.manager.query(
      `INSERT INTO mail_log (event_id, template, to_address, from_address, subject, html, text, status, idempotency_key, reply_to)
       SELECT event_id, template, to_address, $4, subject, html, text, $8, idempotency_key, reply_to
       FROM unnest($1::uuid[], $2::varchar[], $3::varchar[], $5::varchar[], $6::text[], $7::text[], $9::varchar[], $10::varchar[])
         AS e(event_id, template, to_address, subject, html, text, idempotency_key, reply_to)
       ON CONFLICT (event_id, template) DO NOTHING
       RETURNING id::text`,
      [
        emails.map((e) => e.eventId),
        emails.map((e) => e.template),
        emails.map((e) => headerValue(e.to)),
        this.from,
        emails.map((e) => headerValue(e.subject).slice(0, 300)),
        rendered.map((r) => r.html),
        rendered.map((r) => r.text),
        status,
        emails.map((e) => `${e.template}/${e.eventId}`),
        emails.map((e) => (e.replyTo ? headerValue(e.replyTo) : null)),
      ],
    );
    if (status === 'pending') for (const { id } of rows) this.sendAfterCommit(id, context);
    return emails.map(() => status);
  }

  /** The emails of one job go out together once it commits (see MailDelivery.sendNow). */
  private sendAfterCommit(mailId: string, context: ConsumerContext): void {
    let ids = this.toSend.get(context);
    if (!ids) {
      const batch: string[] = (ids = []);
      this.toSend.set(context, batch);
      context.afterCommit(() => this.delivery.sendNow(batch));
    }
    ids.push(mailId);
  }
}
