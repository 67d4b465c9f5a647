import { Inject, Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { Resend } from 'resend';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../config/config';
import { MAIL_DELIVERY_QUEUE, QueueRegistry } from '../queues/queue.registry';
import { withTimeout } from '../queues/redis';

/**
 * A 4xx will fail the same way again: stop retrying. Not rate limiting (429), nor a call under
 * a key whose first call is still in progress (409): those go again later.
 */
const isPermanent = (status: number | null) => status !== null && status >= 400 && status < 500 && status !== 429 && status !== 409;
/** The provider refused an email of the batch (strict validation: then it sent none of them). */
const isInvalidEmail = (status: number | null) => status === 400 || status === 422;

/** The most emails Resend takes in one batch call. */
export const MAIL_BATCH_LIMIT = 100;

/** How emails are grouped for sending: in order, chunks of up to MAIL_BATCH_LIMIT (a chunk of one is sent alone). */
export function inBatches<T>(items: T[]): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += MAIL_BATCH_LIMIT) chunks.push(items.slice(start, start + MAIL_BATCH_LIMIT));
  return chunks;
}

/** What a mail.deliver job retries: one row, or one batch of rows. */
export type MailTarget = { mailId: string } | { batchKey: string };

/** A mail-log row claimed for an attempt (or written claimed for its first, by MailService). */
export interface WrittenMail {
  id: string;
  from_address: string;
  to_address: string;
  reply_to: string | null;
  /** The one-click unsubscribe URL of a marketing email (RFC 8058), else null. */
  list_unsubscribe: string | null;
  subject: string;
  html: string;
  text: string;
  idempotency_key: string;
  batch_key: string | null;
  attempts: number;
}
type Sent = { id: string; providerId: string | null };
type Failure = { error: string; status: number | null };

const CLAIMED = 'id::text, from_address, to_address, reply_to, list_unsubscribe, subject, html, text, idempotency_key, batch_key, attempts';

/** What Resend is given for one row. */
const message = (row: WrittenMail) => ({
  from: row.from_address,
  to: row.to_address,
  replyTo: row.reply_to ?? undefined,
  subject: row.subject,
  html: row.html,
  text: row.text,
  ...(row.list_unsubscribe ? { headers: { 'List-Unsubscribe': `<${row.list_unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
});

function failure(error: { message: string }): Failure {
  const status = (error as { statusCode?: number | null }).statusCode ?? null;
  return { status, error: `Resend ${status ?? 'error'}: ${error.message}` };
}

export const newBatchKey = () => `batch/${randomUUID()}`;

/** A batch is always sent in the order of its rows' ids, so a retry makes the same call. */
const inBatchOrder = (rows: WrittenMail[]) => rows.sort((a, b) => Number(a.id) - Number(b.id));

/**
 * Sends 'pending' mail-log rows through Resend, never inside a transaction. The protocol:
 *
 * 1. A consumer writes the row 'pending' with an idempotency key (template/event id) in its
 *    transaction, with the event marked processed.
 * 2. The rows are written claimed for their first attempt (attempts 1): a lone row under its
 *    own key, several in batches of up to 100 under a batch key each (`batch_key`). After the
 *    commit, `sendWritten` makes that attempt with what was written (nothing is read back): one
 *    call per batch under its key, one UPDATE records the rows sent. (`sendNow` claims rows
 *    written otherwise, e.g. a failed email sent again, the same way.) A row never leaves its
 *    batch while the batch may be retried (its rows are sent, or fail, together), so every retry
 *    sends the same emails under the same key. A batch with an email the provider refuses (400
 *    or 422: then none of it was sent) is split into rows that go alone, so one bad address
 *    fails alone.
 * 3. A retryable failure queues `mail.deliver` (the row, or the batch) with exponential
 *    back-off; a permanent one (a 4xx other than 409 and 429) or the last attempt leaves the
 *    rows 'failed' for ops (the mail log can send one again, alone, under a new key).
 * 4. A crash anywhere, or a Redis that lost the retry job, leaves the rows 'pending': the
 *    worker's reconciler queues them (or their batch) again once quiet for RECONCILE_AFTER_MS.
 *
 * Resend does not act on a key twice, so a repeated attempt (a crash between the send and the
 * UPDATE) sends nothing new: each email leaves exactly once. One call per batch instead of one
 * per email is most of the worker's saving under a burst: each call costs CPU on both ends.
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

  /** The first attempt at rows a consumer just committed, written claimed (see MailService): each batch in one call, a lone row alone. */
  async sendWritten(rows: WrittenMail[]): Promise<void> {
    if (!this.resend) return;
    const batches = new Map<string | null, WrittenMail[]>();
    for (const row of rows) {
      const batch = batches.get(row.batch_key) ?? [];
      batch.push(row);
      batches.set(row.batch_key, batch);
    }
    for (const [batchKey, batch] of batches) {
      // A failure is recorded on the rows and its retry queued (or left to the reconciler) already.
      if (batchKey) await this.attemptBatch(inBatchOrder(batch)).catch(() => undefined);
      else for (const row of batch) await this.attemptAlone(row).catch(() => undefined);
    }
  }

  /** The first attempt at pending rows in no batch (a failed email sent again): claimed, then batches of up to 100, or one alone. */
  async sendNow(mailIds: string[]): Promise<void> {
    if (!this.resend) return;
    for (const ids of inBatches(mailIds)) {
      const attempt =
        ids.length === 1 ? this.claim(ids[0]).then((row) => this.attemptAlone(row)) : this.claimBatch(ids).then((rows) => this.attemptBatch(rows));
      // A failure is recorded on the rows and its retry queued (or left to the reconciler) already.
      await attempt.catch(() => undefined);
    }
  }

  /**
   * Queues a retry of one row or one batch (MAIL_DELIVERY_QUEUE; the first attempt is made
   * inline). The job id makes a second call a no-op while the first job waits.
   */
  async queueRetry(target: MailTarget, delay = 0): Promise<void> {
    const jobId = 'batchKey' in target ? `mail-${target.batchKey.replace(/[^\w-]/g, '-')}` : `mail--${target.mailId}`;
    await withTimeout(this.queues.queue(MAIL_DELIVERY_QUEUE).add('deliver', target, { jobId, delay }), 5000, 'Queue email retry');
  }

  /**
   * One attempt (a mail.deliver job) at a row or a batch: claims what is still 'pending', sends
   * it under its key, records the outcome. Throws an UnrecoverableError when the rows are now
   * 'failed', an Error when they should be tried again.
   */
  async attempt(target: MailTarget): Promise<'sent' | 'skipped'> {
    if (!this.resend) return 'skipped';
    let batchKey = 'batchKey' in target ? target.batchKey : null;
    if (!batchKey && 'mailId' in target) {
      // A row's retry queued before the row went into a batch: the batch is what goes again.
      const [row] = await this.dataSource.query(`SELECT batch_key FROM mail_log WHERE id = $1`, [target.mailId]);
      batchKey = row?.batch_key ?? null;
    }
    if (batchKey) {
      const rows = await this.claimBatchAgain(batchKey);
      await this.attemptBatch(rows);
      return rows.length ? 'sent' : 'skipped';
    }
    const row = await this.claim((target as { mailId: string }).mailId);
    await this.attemptAlone(row);
    return row ? 'sent' : 'skipped';
  }

  /** Sends one claimed row under its own key and records the outcome; throws as `attempt` does. */
  private async attemptAlone(row: WrittenMail | undefined): Promise<void> {
    if (!row) return;
    const outcome = await this.send(row);
    if ('providerId' in outcome) return this.recordSent([outcome]);
    await this.failed([row], outcome, { mailId: row.id });
  }

  /** Sends claimed rows as one batch under their batch key and records the outcome; throws as `attempt` does. */
  private async attemptBatch(rows: WrittenMail[]): Promise<void> {
    if (rows.length === 0) return;
    const batchKey = rows[0].batch_key!;
    const outcome = await this.sendBatch(rows, batchKey);
    if (Array.isArray(outcome)) return this.recordSent(outcome);
    if (isInvalidEmail(outcome.status)) {
      // Refused whole, so none of it left: each row goes alone now, and only a bad one fails.
      this.logger.warn({ batchKey, emails: rows.length, err: outcome.error }, 'Batch refused; sending its emails one by one');
      await this.dataSource.query(`UPDATE mail_log SET batch_key = NULL WHERE batch_key = $1 AND status = 'pending'`, [batchKey]);
      for (const row of rows) await this.attemptAlone({ ...row, batch_key: null }).catch(() => undefined);
      return;
    }
    await this.failed(rows, outcome, { batchKey });
  }

  /**
   * Records a failed attempt at rows: 'failed' for good after a permanent 4xx or the last attempt,
   * otherwise a retry with back-off (left to the reconciler when Redis can't take it).
   */
  private async failed(rows: WrittenMail[], { status, error }: Failure, target: MailTarget): Promise<never> {
    const ids = rows.map((r) => r.id);
    if (isPermanent(status) || rows[0].attempts >= this.config.CONSUMER_ATTEMPTS) {
      await this.dataSource.query(`UPDATE mail_log SET status = 'failed', error = $2, updated_at = now() WHERE id = ANY($1::bigint[])`, [ids, error]);
      this.logger.error({ mailIds: ids, to: rows.map((r) => r.to_address), attempts: rows[0].attempts }, `Email failed for good: ${error}`);
      throw new UnrecoverableError(error);
    }
    await this.dataSource.query(`UPDATE mail_log SET error = $2 WHERE id = ANY($1::bigint[])`, [ids, error]);
    await this.queueRetry(target, this.config.CONSUMER_BACKOFF_MS).catch((queueError: Error) =>
      this.logger.warn({ ...target, err: queueError.message }, 'Could not queue the email retry; the reconciler will'),
    );
    throw new Error(error);
  }

  /** Counts an attempt on the row if it is still 'pending' and in no batch, and returns it. */
  private async claim(mailId: string): Promise<WrittenMail | undefined> {
    const [rows] = await this.dataSource.query(
      `UPDATE mail_log SET attempts = attempts + 1, updated_at = now()
       WHERE id = $1 AND status = 'pending' AND batch_key IS NULL RETURNING ${CLAIMED}`,
      [mailId],
    );
    return rows[0];
  }

  /** Makes the rows still 'pending' and in no batch one batch under a new key, counting an attempt on each. */
  private async claimBatch(mailIds: string[]): Promise<WrittenMail[]> {
    const [rows] = await this.dataSource.query(
      `UPDATE mail_log SET attempts = attempts + 1, updated_at = now(), batch_key = $2
       WHERE id = ANY($1::bigint[]) AND status = 'pending' AND batch_key IS NULL RETURNING ${CLAIMED}`,
      [mailIds, newBatchKey()],
    );
    return inBatchOrder(rows);
  }

  /** A batch's rows again, for a retry: all of them, while they are 'pending'. */
  private async claimBatchAgain(batchKey: string): Promise<WrittenMail[]> {
    const [rows] = await this.dataSource.query(
      `UPDATE mail_log SET attempts = attempts + 1, updated_at = now()
       WHERE batch_key = $1 AND status = 'pending' RETURNING ${CLAIMED}`,
      [batchKey],
    );
    return inBatchOrder(rows);
  }

  /** One call to Resend for one row; never throws. */
  private async send(row: WrittenMail): Promise<Sent | Failure> {
    try {
      const { data, error } = await this.resend!.emails.send(message(row), { idempotencyKey: row.idempotency_key });
      return error ? failure(error) : { id: row.id, providerId: data?.id ?? null };
    } catch (error) {
      return { status: null, error: `Resend error: ${(error as Error).message}` };
    }
  }

  /** One batch call to Resend for a batch's rows, in their order; never throws. */
  private async sendBatch(rows: WrittenMail[], batchKey: string): Promise<Sent[] | Failure> {
    try {
      const { data, error } = await this.resend!.batch.send(rows.map(message), { idempotencyKey: batchKey });
      return error ? failure(error) : rows.map((row, i) => ({ id: row.id, providerId: data?.data[i]?.id ?? null }));
    } catch (error) {
      return { status: null, error: `Resend error: ${(error as Error).message}` };
    }
  }

  private async recordSent(sent: Sent[]): Promise<void> {
    await this.dataSource.query(
      `UPDATE mail_log m SET status = 'sent', provider_id = s.provider_id, error = NULL, updated_at = now()
       FROM unnest($1::bigint[], $2::varchar[]) AS s(id, provider_id)
       WHERE m.id = s.id AND m.status = 'pending'`,
      [sent.map((s) => s.id), sent.map((s) => s.providerId)],
    );
  }

  /**
   * Rows left 'pending' and untouched for RECONCILE_AFTER_MS (a crash, a lost retry job) are
   * queued again, a batch's rows as their batch; touching them moves them to the back, so a
   * long outage is worked in turns.
   */
  async reconcile(limit = 500): Promise<number> {
    const [rows]: [{ id: string; batch_key: string | null }[]] = await this.dataSource.query(
      `UPDATE mail_log SET updated_at = now() WHERE id IN (
         SELECT id FROM mail_log WHERE status = 'pending' AND updated_at < now() - make_interval(secs => $1 / 1000.0)
         ORDER BY updated_at LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING id::text, batch_key`,
      [this.config.RECONCILE_AFTER_MS, limit],
    );
    for (const batchKey of new Set(rows.flatMap((r) => (r.batch_key ? [r.batch_key] : [])))) await this.queueRetry({ batchKey });
    for (const { id } of rows.filter((r) => !r.batch_key)) await this.queueRetry({ mailId: id });
    return rows.length;
  }
}
