import { Inject, Injectable, Logger } from '@nestjs/common';
import { Resend } from 'resend';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { apiError } from '../http/api-exception.filter';
import { MailSuppressions } from './mail-suppressions.service';

/** What Resend posts (the fields we read of it). Signed, so Resend's, but read as untrusted: any field may be missing or odd. */
interface ResendWebhook {
  type?: unknown;
  data?: { email_id?: string; to?: string[] | string; bounce?: unknown } | null;
}

/**
 * A permanent bounce, or one that does not say (no bounce details): the address will not take
 * mail. A transient one may, and so may one whose type we do not know: it marks the email, and
 * the delivery is taken (a 2xx, or the provider would send it again and again).
 */
function permanentBounce(bounce: unknown): boolean {
  if (bounce === undefined || bounce === null) return true;
  if (typeof bounce !== 'object') return false;
  const type = (bounce as { type?: unknown }).type;
  return type === undefined || (typeof type === 'string' && type.toLowerCase() === 'permanent');
}

/** The mail log's column for the first time of each provider event an announcement counts. */
const ENGAGEMENT_COLUMNS: Record<string, string> = {
  'email.delivered': 'delivered_at',
  'email.opened': 'opened_at',
  'email.clicked': 'clicked_at',
  'email.bounced': 'bounced_at',
  'email.complained': 'complained_at',
};

/**
 * What the provider tells us after sending: a permanent bounce or a spam complaint suppresses the
 * address (MailSuppressions), and a delivery, a delay or a bounce becomes the email's status in
 * the mail log. Each delivery is handled once (its svix-id is recorded in the same transaction as
 * its effects); one that cannot be verified is refused and leaves nothing behind.
 */
@Injectable()
export class MailWebhooks {
  private readonly logger = new Logger(MailWebhooks.name);
  // Only its webhook verification is used: Resend's own (Standard Webhooks, the svix scheme), with its five-minute timestamp tolerance.
  private readonly verifier = new Resend('re_webhook_verification_only');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly suppressions: MailSuppressions,
  ) {}

  /** Verifies and handles one delivery; throws 401 when it is not Resend's, or too old. */
  async receive(rawBody: string | undefined, headers: { id?: string; timestamp?: string; signature?: string }): Promise<{ ok: true; duplicate: boolean }> {
    const secret = this.config.RESEND_WEBHOOK_SECRET;
    if (!secret) throw apiError(503, 'Provider webhooks are not configured (RESEND_WEBHOOK_SECRET).', 'not_configured');
    let event: ResendWebhook;
    try {
      if (rawBody === undefined || !headers.id || !headers.timestamp || !headers.signature) throw new Error('missing body or svix headers');
      event = this.verifier.webhooks.verify({
        payload: rawBody,
        headers: { id: headers.id, timestamp: headers.timestamp, signature: headers.signature },
        webhookSecret: secret,
      }) as unknown as ResendWebhook;
    } catch (error) {
      this.logger.warn(`Refused a webhook delivery: ${(error as Error).message}`);
      throw apiError(401, 'The webhook signature could not be verified.', 'invalid_signature');
    }
    // Signed but not an event (`null`, a list, a string): the provider's mistake, said once; nothing is recorded.
    if (typeof event !== 'object' || event === null || Array.isArray(event)) throw apiError(400, 'The webhook body is not an event.', 'invalid_event');
    const messageId = headers.id!;
    const duplicate = await this.dataSource.transaction(async (manager) => {
      const [seen] = await manager.query(
        `INSERT INTO mail_webhook_deliveries (message_id, type) VALUES ($1, $2) ON CONFLICT (message_id) DO NOTHING RETURNING message_id`,
        [messageId.slice(0, 200), String(event.type).slice(0, 64)],
      );
      if (!seen) return true;
      await this.apply(event, manager);
      return false;
    });
    return { ok: true, duplicate };
  }

  private async apply(event: ResendWebhook, manager: EntityManager): Promise<void> {
    const emailId = typeof event.data?.email_id === 'string' ? event.data.email_id : undefined;
    const recipients = [event.data?.to ?? []].flat().filter((to): to is string => typeof to === 'string');
    const setStatus = (status: string, from: string[]) =>
      emailId
        ? manager.query(`UPDATE mail_log SET status = $2, updated_at = now() WHERE provider_id = $1 AND status = ANY($3::varchar[])`, [emailId, status, from])
        : undefined;
    // The first time of each kind, once per email whatever the provider repeats (an announcement's rates count recipients, not events).
    const kind = typeof event.type === 'string' ? ENGAGEMENT_COLUMNS[event.type] : undefined;
    if (emailId && kind) await manager.query(`UPDATE mail_log SET ${kind} = now() WHERE provider_id = $1 AND ${kind} IS NULL`, [emailId]);
    switch (event.type) {
      case 'email.delivered':
        await setStatus('delivered', ['sent', 'delayed']);
        break;
      case 'email.delivery_delayed':
        await setStatus('delayed', ['sent']);
        break;
      case 'email.bounced': {
        await setStatus('bounced', ['sent', 'delayed', 'delivered']);
        if (permanentBounce(event.data?.bounce)) for (const to of recipients) await this.suppressions.suppress(to, 'bounced', manager);
        break;
      }
      case 'email.complained':
        for (const to of recipients) await this.suppressions.suppress(to, 'complained', manager);
        break;
      default:
      // Opens, clicks and the rest: counted above, nothing more to do.
    }
  }
}
