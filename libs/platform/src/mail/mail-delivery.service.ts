import { Inject, Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { Resend } from 'resend';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { MAIL_DELIVERY_QUEUE, QueueRegistry } from '../queues/queue.registry';
import { withTimeout } from '../queues/redis';

/** A 4xx other than rate limiting will fail the same way again: stop retrying. */
const isPermanent = (status: number | null) => status !== null && status >= 400 && status < 500 && status !== 429;

/**
 * Sends 'pending' mail-log rows through Resend, never inside a transaction. The protocol:
 *
 * 1. A consumer writes the row 'pending' with an idempotency key (template/event id) in its
 *    transaction, with the event marked processed.
 * 2. After the commit, `sendNow` makes the first attempt: one UPDATE claims the row and counts
 *    the attempt, the Resend call goes out with the row's key, one UPDATE records the outcome.
 * 3. A retryable failure queues `mail.deliver` with exponential back-off; a permanent one (a 4xx)
 *    or the last attempt leaves the row 'failed' for ops (the mail log can send it again).
 * 4. A crash anywhere, or a Redis that lost the retry job, leaves the row 'pending': the worker's
 *    reconciler queues it again once it has been quiet for RECONCILE_AFTER_MS.
 *
 * Resend does not send a key twice, so a repeated attempt (a crash between the send and the
 * UPDATE) sends nothing new: each email leaves exactly once.
 */
@Injectable()
export class MailDelivery {
  private readonly logger = new Logger(MailDelivery.name);
  private readonly resend?: Resend;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly queues: QueueRegistry,
  ) {
    if (config.RESEND_API_KEY) {
      this.resend = new Resend(config.RESEND_API_KEY, config.RESEND_BASE_URL ? { baseUrl: config.RESEND_BASE_URL } : undefined);
    }
  }

  /** Whether emails leave the system (Resend) or stay in the mail log only. */
  get enabled(): boolean {
    return this.resend !== undefined;
  }

  /** The first attempt, right after the consumer committed; a retryable failure is queued. */
  async sendNow(mailId: string): Promise<void> {
    try {
      await this.attempt(mailId);
    } catch (error) {
      if (error instanceof UnrecoverableError) return;
      await this.queueRetry(mailId, this.config.CONSUMER_BACKOFF_MS).catch((queueError: Error) =>
        this.logger.warn({ mailId, err: queueError.message }, 'Could not queue the email retry; the reconciler will'),
      );
    }
  }

  /**
   * Queues a retry of one row (MAIL_DELIVERY_QUEUE; the first attempt is made inline). The job
   * id makes a second call a no-op while the first job waits.
   */
  async queueRetry(mailId: string, delay = 0): Promise<void> {
    await withTimeout(
      this.queues.queue(MAIL_DELIVERY_QUEUE).add('deliver', { mailId }, { jobId: `mail--${mailId}`, delay }),
      5000,
      'Queue email retry',
    );
  }

  /**
   * One attempt at one row: claims it (still 'pending'), sends it with its idempotency key,
   * records the outcome. Throws an UnrecoverableError when the row is now 'failed', an Error
   * when it should be tried again.
   */
  async attempt(mailId: string): Promise<'sent' | 'skipped'> {
    const [[row]] = await this.dataSource.query(
      `UPDATE mail_log SET attempts = attempts + 1, updated_at = now()
       WHERE id = $1 AND status = 'pending'
       RETURNING from_address, to_address, subject, html, text, idempotency_key, attempts`,
      [mailId],
    );
    if (!row || !this.resend) return 'skipped';
    const { data, error } = await this.resend.emails.send(
      { from: row.from_address, to: row.to_address, subject: row.subject, html: row.html, text: row.text },
      { idempotencyKey: row.idempotency_key },
    );
    if (!error) {
      await this.dataSource.query(
        `UPDATE mail_log SET status = 'sent', provider_id = $2, error = NULL, updated_at = now() WHERE id = $1 AND status = 'pending'`,
        [mailId, data?.id ?? null],
      );
      return 'sent';
    }
    const status = (error as { statusCode?: number | null }).statusCode ?? null;
    const message = `Resend ${status ?? 'error'}: ${error.message}`;
    if (isPermanent(status) || row.attempts >= this.config.CONSUMER_ATTEMPTS) {
      await this.dataSource.query(`UPDATE mail_log SET status = 'failed', error = $2, updated_at = now() WHERE id = $1`, [mailId, message]);
      this.logger.error({ mailId, to: row.to_address, attempts: row.attempts }, `Email failed for good: ${message}`);
      throw new UnrecoverableError(message);
    }
    await this.dataSource.query(`UPDATE mail_log SET error = $2 WHERE id = $1`, [mailId, message]);
    throw new Error(message);
  }

  /**
   * Rows left 'pending' and untouched for RECONCILE_AFTER_MS (a crash, a lost retry job) are
   * queued again; touching them moves them to the back, so a long outage is worked in turns.
   */
  async reconcile(limit = 500): Promise<number> {
    const [rows]: [{ id: string }[]] = await this.dataSource.query(
      `UPDATE mail_log SET updated_at = now() WHERE id IN (
         SELECT id FROM mail_log WHERE status = 'pending' AND updated_at < now() - make_interval(secs => $1 / 1000.0)
         ORDER BY updated_at LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING id::text`,
      [this.config.RECONCILE_AFTER_MS, limit],
    );
    for (const { id } of rows) await this.queueRetry(id);
    return rows.length;
  }
}
