import { Inject, Injectable } from '@nestjs/common';
import type { ReactElement } from 'react';
import { APP_CONFIG, AppConfig } from '../config/config';
import { ConsumerContext } from '../events/domain-event';
import { inBatches, MailDelivery, newBatchKey, WrittenMail } from './mail-delivery.service';
import { normaliseEmail } from './email-address';
import { MailSuppressions } from './mail-suppressions.service';
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
  /**
   * Set on marketing email (anything that is not a direct answer to the person's own action: the
   * welcome with its position, reminders, news): its one-click unsubscribe URL (MailUnsubscribes.url),
   * sent as List-Unsubscribe with List-Unsubscribe-Post, and it is not sent after an unsubscribe.
   */
  unsubscribeUrl?: string;
  /** Its links carry a secret that acts for the person (a password reset, a privacy request): the mail log shows them hidden. */
  secretLinks?: boolean;
  /** The launch announcement this email is one of (its progress counts its emails). */
  broadcastId?: string;
}

/** Whatever becomes a mail header (subject, addresses) on one line: a CR or LF there would start a header of its own. */
export function headerValue(value: string): string {
  return value.replace(/[\r\n\u2028\u2029]+/g, ' ').trim();
}

/**
 * 'suppressed': never sent (the address bounced for good or complained); 'delivered', 'delayed'
 * and 'bounced': what the provider's webhooks later said of a sent email.
 */
export const MAIL_STATUSES = ['pending', 'logged', 'sent', 'failed', 'suppressed', 'delivered', 'delayed', 'bounced'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * Renders React Email templates into the mail log, which is also the mail outbox. Inside a
 * consumer's transaction an email becomes a 'pending' row (or 'logged' when RESEND_API_KEY is
 * unset: the mail log is then the only destination); after the commit MailDelivery sends it
 * through Resend with the row's idempotency key, outside any transaction.
 */
@Injectable()
export class MailService {
  private readonly toSend = new WeakMap<ConsumerContext, WrittenMail[]>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly delivery: MailDelivery,
    private readonly suppressions: MailSuppressions,
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
    const pending = this.delivery.enabled;
    // Suppressed addresses are checked first: their emails are recorded, never sent.
    const suppressed = await this.suppressions.suppressedAmong(
      emails.map((e) => e.to),
      context.manager,
    );
    const statuses: MailStatus[] = emails.map((e) =>
      MailSuppressions.holdsBack(suppressed.get(e.to), e.unsubscribeUrl !== undefined) ? 'suppressed' : pending ? 'pending' : 'logged',
    );
    // Rows to send are written claimed for their first attempt (MailDelivery's protocol): several
    // in batches of up to 100 under a batch key each, one alone under its own key.
    const batchKeys: (string | null)[] = emails.map(() => null);
    const toSend = emails.flatMap((_, i) => (statuses[i] === 'pending' ? [i] : []));
    for (const batch of inBatches(toSend)) {
      const key = batch.length > 1 ? newBatchKey() : null;
      for (const i of batch) batchKeys[i] = key;
    }
    const values = {
      to: emails.map((e) => headerValue(e.to)),
      subject: emails.map((e) => headerValue(e.subject).slice(0, 300)),
      idempotencyKey: emails.map((e) => `${e.template}/${e.eventId}`),
      replyTo: emails.map((e) => (e.replyTo ? headerValue(e.replyTo) : null)),
      listUnsubscribe: emails.map((e) => (e.unsubscribeUrl ? headerValue(e.unsubscribeUrl) : null)),
      secretLinks: emails.map((e) => e.secretLinks === true),
      batchKey: batchKeys,
      broadcastId: emails.map((e) => e.broadcastId ?? null),
    };
    const rows: { id: string; idempotency_key: string; status: MailStatus }[] = await context.manager.query(
      `INSERT INTO mail_log (event_id, template, to_address, from_address, subject, html, text, status, idempotency_key, reply_to, batch_key, list_unsubscribe, secret_links, broadcast_id, attempts,
         to_address_normalized, reply_to_normalized)
       SELECT event_id, template, to_address, $4, subject, html, text, status, idempotency_key, reply_to, batch_key, list_unsubscribe, secret_links, broadcast_id,
         CASE WHEN status = 'pending' THEN 1 ELSE 0 END, to_address_normalized, reply_to_normalized
       FROM unnest($1::uuid[], $2::varchar[], $3::varchar[], $5::varchar[], $6::text[], $7::text[], $8::varchar[], $9::varchar[], $10::varchar[], $11::varchar[], $12::varchar[], $13::boolean[], $14::uuid[],
         $15::varchar[], $16::varchar[])
         AS e(event_id, template, to_address, subject, html, text, status, idempotency_key, reply_to, batch_key, list_unsubscribe, secret_links, broadcast_id,
           to_address_normalized, reply_to_normalized)
       ON CONFLICT (event_id, template) DO NOTHING
       RETURNING id::text, idempotency_key, status`,
      [
        emails.map((e) => e.eventId),
        emails.map((e) => e.template),
        values.to,
        this.from,
        values.subject,
        rendered.map((r) => r.html),
        rendered.map((r) => r.text),
        statuses,
        values.idempotencyKey,
        values.replyTo,
        values.batchKey,
        values.listUnsubscribe,
        values.secretLinks,
        values.broadcastId,
        // Whom each email concerns, as every lookup compares addresses (an erasure, staff's view of a member).
        values.to.map((address) => normaliseEmail(address)),
        values.replyTo.map((address) => (address === null ? null : normaliseEmail(address))),
      ],
    );
    const toDeliver = rows.filter((row) => row.status === 'pending');
    if (toDeliver.length > 0) {
      // What was written, as MailDelivery would read it back: nothing to fetch after the commit.
      const index = new Map(values.idempotencyKey.map((key, i) => [key, i]));
      const written = toDeliver.map(({ id, idempotency_key }): WrittenMail => {
        const i = index.get(idempotency_key)!;
        return {
          id,
          from_address: this.from,
          to_address: values.to[i],
          reply_to: values.replyTo[i],
          list_unsubscribe: values.listUnsubscribe[i],
          subject: values.subject[i],
          html: rendered[i].html,
          text: rendered[i].text,
          idempotency_key: idempotency_key,
          batch_key: values.batchKey[i],
          attempts: 1,
        };
      });
      this.sendAfterCommit(written, context);
    }
    return statuses;
  }

  /** The emails of one job go out together once it commits (see MailDelivery.sendWritten). */
  private sendAfterCommit(written: WrittenMail[], context: ConsumerContext): void {
    let rows = this.toSend.get(context);
    if (!rows) {
      const batch: WrittenMail[] = (rows = []);
      this.toSend.set(context, batch);
      context.afterCommit(() => this.delivery.sendWritten(batch));
    }
    rows.push(...written);
  }
}
