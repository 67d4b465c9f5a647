import { Inject, Injectable, Logger } from '@nestjs/common';
import { toPlainText } from '@react-email/render';
import { UnrecoverableError } from 'bullmq';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Resend } from 'resend';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { ConsumerContext } from '../events/domain-event';

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
 * What @react-email/render's render() does, synchronously: its own version loads react-dom
 * through a dynamic import() that Jest's module sandbox refuses.
 */
export function renderEmail(element: ReactElement): { html: string; text: string } {
  const html = `${XHTML_DOCTYPE}${renderToStaticMarkup(element)}`;
  return { html, text: toPlainText(html) };
}

export type MailStatus = 'logged' | 'sent' | 'failed';

/** A 4xx other than rate limiting will fail the same way again: stop retrying. */
const isPermanent = (status: number | null) => status !== null && status >= 400 && status < 500 && status !== 429;

/**
 * Renders React Email templates and delivers them: through Resend when RESEND_API_KEY is set
 * (the event id + template is the idempotency key, so a retried job never sends twice),
 * otherwise into the mail log only. Every email is recorded in `mail_log` either way.
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger(MailService.name);
  private readonly resend?: Resend;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {
    if (config.RESEND_API_KEY) {
      this.resend = new Resend(config.RESEND_API_KEY, config.RESEND_BASE_URL ? { baseUrl: config.RESEND_BASE_URL } : undefined);
    }
  }

  get from(): string {
    return this.config.MAIL_FROM ?? `${this.config.BRAND_NAME} <hello@swishly.app>`;
  }

  /** Sends one email from inside a consumer (its transaction also records the mail-log row). */
  async deliver(email: OutgoingEmail, context: ConsumerContext & { maxAttempts?: number }): Promise<MailStatus> {
    const { html, text } = renderEmail(email.element);
    const row = { ...email, html, text };
    if (!this.resend) {
      await this.record(context.manager, row, 'logged', null, null);
      return 'logged';
    }
    const { data, error } = await this.resend.emails.send(
      { from: this.from, to: email.to, subject: email.subject, html, text },
      { idempotencyKey: `${email.template}/${email.eventId}` },
    );
    if (!error) {
      await this.record(context.manager, row, 'sent', data?.id ?? null, null);
      return 'sent';
    }
    const status = (error as { statusCode?: number | null }).statusCode ?? null;
    const permanent = isPermanent(status);
    const lastAttempt = permanent || context.attempt >= (context.maxAttempts ?? this.config.CONSUMER_ATTEMPTS);
    const message = `Resend ${status ?? 'error'}: ${error.message}`;
    if (lastAttempt) {
      // Outside the job's transaction, which is about to roll back: ops must see this one.
      await this.record(this.dataSource.manager, row, 'failed', null, message);
      this.logger.error({ to: email.to, template: email.template, eventId: email.eventId }, `Email failed for good: ${message}`);
    }
    throw permanent ? new UnrecoverableError(message) : new Error(message);
  }

  /**
   * Sends already-rendered mail through Resend (or only reports 'logged' without a provider).
   * Throws an UnrecoverableError for a permanent provider refusal, an Error for a retryable one.
   */
  async sendRendered(
    email: { to: string; subject: string; html: string; text: string },
    idempotencyKey: string,
  ): Promise<{ status: MailStatus; providerId: string | null }> {
    if (!this.resend) return { status: 'logged', providerId: null };
    const { data, error } = await this.resend.emails.send({ from: this.from, ...email }, { idempotencyKey });
    if (!error) return { status: 'sent', providerId: data?.id ?? null };
    const status = (error as { statusCode?: number | null }).statusCode ?? null;
    const message = `Resend ${status ?? 'error'}: ${error.message}`;
    throw isPermanent(status) ? new UnrecoverableError(message) : new Error(message);
  }

  private async record(
    manager: DataSource['manager'],
    email: OutgoingEmail & { html: string; text: string },
    status: MailStatus,
    providerId: string | null,
    error: string | null,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO mail_log (event_id, template, to_address, from_address, subject, html, text, status, provider_id, error)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (event_id, template) DO UPDATE SET status = EXCLUDED.status, provider_id = EXCLUDED.provider_id,
         error = EXCLUDED.error, html = EXCLUDED.html, text = EXCLUDED.text, updated_at = now()`,
      [email.eventId, email.template, email.to, this.from, email.subject, email.html, email.text, status, providerId, error],
    );
  }
}
