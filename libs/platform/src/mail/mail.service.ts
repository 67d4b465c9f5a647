import { Inject, Injectable } from '@nestjs/common';
import { plainTextSelectors } from '@react-email/render';
import { compile } from 'html-to-text';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { APP_CONFIG, AppConfig } from '../config/config';
import { ConsumerContext } from '../events/domain-event';
import { MailDelivery } from './mail-delivery.service';

export interface OutgoingEmail {
  to: string;
  subject: string;
  /** Which template, e.g. 'waitlist-welcome'; with the event id it makes the idempotency key. */
  template: string;
  element: ReactElement;
  /** The domain event this email comes from. */
  eventId: string;
}

const XHTML_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * @react-email/render's toPlainText, compiled once: its own version compiles the same options
 * on every call, which was the largest share of a welcome email's CPU (node --cpu-prof).
 */
const toPlainText = compile({ wordwrap: false, selectors: plainTextSelectors });

/**
 * What @react-email/render's render() does, synchronously: its own version loads react-dom
 * through a dynamic import() that Jest's module sandbox refuses.
 */
export function renderEmail(element: ReactElement): { html: string; text: string } {
  const html = `${XHTML_DOCTYPE}${renderToStaticMarkup(element)}`;
  return { html, text: toPlainText(html) };
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
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly delivery: MailDelivery,
  ) {}

  get from(): string {
    return this.config.MAIL_FROM ?? `${this.config.BRAND_NAME} <hello@swishly.app>`;
  }

  /** Records one email in the consumer's transaction and sends it once that commits. */
  async deliver(email: OutgoingEmail, context: ConsumerContext): Promise<MailStatus> {
    const { html, text } = renderEmail(email.element);
    const status: MailStatus = this.delivery.enabled ? 'pending' : 'logged';
    const [row] = await context.manager.query(
      `INSERT INTO mail_log (event_id, template, to_address, from_address, subject, html, text, status, idempotency_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (event_id, template) DO NOTHING
       RETURNING id::text`,
      [email.eventId, email.template, email.to, this.from, email.subject, html, text, status, `${email.template}/${email.eventId}`],
    );
    if (row && status === 'pending') context.afterCommit(() => this.delivery.sendNow(row.id));
    return status;
  }
}
