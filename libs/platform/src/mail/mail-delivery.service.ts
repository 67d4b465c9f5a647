import { Inject, Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { Resend } from 'resend';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { MAIL_DELIVERY_QUEUE, QueueRegistry } from '../queues/queue.registry';
import { withTimeout } from '../queues/redis';

/** A 4xx other than rate limiting will fail the same way again: stop retrying. */
const isPermanent = (status: number | null) => status !== null && status >= 400 && status < 500 && status !== 429;

/** Calls to Resend in flight at once when a job's emails go out together. */
const SENDS_IN_FLIGHT = 8;

interface ClaimedMail {
  id: string;
  from_address: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  html: string;
  text: string;
  idempotency_key: string;
  attempts: number;
}
type Sent = { id: string; providerId: string | null };
type Failure = { row: ClaimedMail; error: string; status: number | null };

/** `work` on every item, at most `limit` at a time; results in the items' order. */
async function inParallel<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/**
 * Sends 'pending' mail-log rows through Resend, never inside a transaction. The protocol:
 *
 * 1. A consumer writes the row 'pending' with an idempotency key (template/event id) in its
 *    transaction, with the event marked processed.
 * 2. After the commit, `sendNow` makes the first attempt at the job's rows: one UPDATE claims
 *    them and counts the attempt, the Resend calls go out (a few at once) each with its row's
 *    key, one UPDATE records those sent.
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

  /**
   * The first attempt at rows a consumer just committed (all the emails of one job at once), a
   * few in flight together; each retryable failure is queued on its own.
   */
  async sendNow(mailIds: string[]): Promise<void> {
    if (!this.resend || mailIds.length === 0) return;
    const rows = await this.claim(mailIds);
    const outcomes = await inParallel(rows, SENDS_IN_FLIGHT, (row) => this.send(row));
    await this.recordSent(outcomes.filter((o): o is Sent => 'providerId' in o));
    for (const failure of outcomes.filter((o): o is Failure => 'error' in o)) {
      if (!(await this.recordFailure(failure))) continue;
      await this.queueRetry(failure.row.id, this.config.CONSUMER_BACKOFF_MS).catch((queueError: Error) =>
        this.logger.warn({ mailId: failure.row.id, err: queueError.message }, 'Could not queue the email retry; the reconciler will'),
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
   * One attempt at one row (a mail.deliver job): claims it (still 'pending'), sends it with its
   * idempotency key, records the outcome. Throws an UnrecoverableError when the row is now
   * 'failed', an Error when it should be tried again.
   */
  async attempt(mailId: string): Promise<'sent' | 'skipped'> {
    if (!this.resend) return 'skipped';
    const [row] = await this.claim([mailId]);
    if (!row) return 'skipped';
    const outcome = await this.send(row);
    if ('providerId' in outcome) {
      await this.recordSent([outcome]);
      return 'sent';
    }
    throw (await this.recordFailure(outcome)) ? new Error(outcome.error) : new UnrecoverableError(outcome.error);
  }

  /** Counts an attempt on each row still 'pending' and returns those rows (a sent one is left alone). */
  private async claim(mailIds: string[]): Promise<ClaimedMail[]> {
    const [rows] = await this.dataSource.query(
      `UPDATE mail_log SET attempts = attempts + 1, updated_at = now()
       WHERE id = ANY($1::bigint[]) AND status = 'pending'
       RETURNING id::text, from_address, to_address, reply_to, subject, html, text, idempotency_key, attempts`,
      [mailIds],
    );
    return rows;
  }

  /** One call to Resend; never throws. */
  private async send(row: ClaimedMail): Promise<Sent | Failure> {
    try {
      const { data, error } = await this.resend!.emails.send(
        { from: row.from_address, to: row.to_address, replyTo: row.reply_to ?? undefined, subject: row.subject, html: row.html, text: row.text },
        { idempotencyKey: row.idempotency_key },
      );
      if (!error) return { id: row.id, providerId: data?.id ?? null };
      const status = (error as { statusCode?: number | null }).statusCode ?? null;
      return { row, status, error: `Resend ${status ?? 'error'}: ${error.message}` };
    } catch (error) {
      return { row, status: null, error: `Resend error: ${(error as Error).message}` };
    }
  }

  private async recordSent(sent: Sent[]): Promise<void> {
    if (sent.length === 0) return;
    await this.dataSource.query(
      `UPDATE mail_log m SET status = 'sent', provider_id = s.provider_id, error = NULL, updated_at = now()
       FROM unnest($1::bigint[], $2::varchar[]) AS s(id, provider_id)
       WHERE m.id = s.id AND m.status = 'pending'`,
      [sent.map((s) => s.id), sent.map((s) => s.providerId)],
    );
  }

  /** Leaves the row 'failed' (a 4xx, or the last attempt) or notes the error; true when it should be retried. */
  private async recordFailure({ row, status, error: message }: Failure): Promise<boolean> {
    if (isPermanent(status) || row.attempts >= this.config.CONSUMER_ATTEMPTS) {
      await this.dataSource.query(`UPDATE mail_log SET status = 'failed', error = $2, updated_at = now() WHERE id = $1`, [row.id, message]);
      this.logger.error({ mailId: row.id, to: row.to_address, attempts: row.attempts }, `Email failed for good: ${message}`);
      return false;
    }
    await this.dataSource.query(`UPDATE mail_log SET error = $2 WHERE id = $1`, [row.id, message]);
    return true;
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
