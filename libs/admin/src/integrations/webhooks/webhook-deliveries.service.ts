import { Inject, Injectable, Logger, OnApplicationBootstrap, Optional } from '@nestjs/common';
import { APP_CONFIG, AppConfig, DomainEvent, emailSubject, EventStore, ScheduledWork, SettingsOf } from '@swishly/platform';
import { ReferralCredited, WaitlistJoined } from '@swishly/waitlist';
import { DataSource, EntityManager } from 'typeorm';
import { AdminSettings } from '../../admin.settings';
import { postDelivery, SendOutcome } from './webhook-sender';
import { deliveryIdOf, WebhookSecrets } from './webhook-secrets';
import { WEBHOOK_ENDPOINT_STREAM, WEBHOOK_EVENT_OF, WebhookEndpointPaused, WebhookEventType } from './webhooks.events';

/**
 * The waits between attempts (exponential, as the Standard Webhooks senders do): eight attempts
 * over a little more than a day, then the delivery is left 'failed' for staff to send again.
 */
export const RETRY_DELAYS_S = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600];
const MAX_ATTEMPTS = RETRY_DELAYS_S.length + 1;
/** Attempts in flight at once, per call: a slow receiver holds one of these, never a database connection. */
const SENDING_AT_ONCE = 8;
/** A claimed attempt whose worker died is taken again after this. */
const LEASE_S = 120;

export interface WebhookPayload {
  type: WebhookEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

interface Claimed {
  id: string;
  endpoint_id: string;
  url: string;
  secret_generation: number;
  secret_rotated_at: Date | null;
  payload: WebhookPayload;
  attempts: number;
}

/**
 * What a delivery of `event` says: the least the receiver needs. Only a join names the person
 * (address and first name, for the CRM or newsletter it feeds); every other event is the
 * member's id and what happened. Null for a join whose person is already erased.
 */
export function payloadOf(event: DomainEvent): { payload: WebhookPayload; subject: string | null } | null {
  const type = WEBHOOK_EVENT_OF[event.type];
  const timestamp = event.occurredAt;
  if (WaitlistJoined.is(event)) {
    if (event.personalDataErased) return null;
    const p = event.payload;
    return {
      payload: {
        type,
        timestamp,
        data: {
          id: p.entryId,
          email: p.email,
          firstName: p.firstName,
          position: p.position ?? p.signupNumber,
          source: p.source,
          referredBy: p.referral?.kind === 'entry' ? p.referral.referrerEntryId : null,
          joinedAt: timestamp,
        },
      },
      subject: emailSubject(p.email),
    };
  }
  if (ReferralCredited.is(event)) {
    const p = event.payload;
    return { payload: { type, timestamp, data: { id: p.referrerEntryId, referredMemberId: p.referredEntryId, places: p.places } }, subject: null };
  }
  const { entryId } = event.payload as { entryId: string };
  const at: Record<string, string> = { 'member.confirmed': 'confirmedAt', 'member.admitted': 'admittedAt', 'member.unsubscribed': 'unsubscribedAt' };
  return { payload: { type, timestamp, data: { id: entryId, ...(at[type] ? { [at[type]]: timestamp } : {}) } }, subject: null };
}

/**
 * The delivery log and its attempts. The protocol:
 *
 * 1. The consumer writes one row per (endpoint, event) in its transaction (a redelivered job
 *    finds it there and writes nothing), with the payload as it will be sent. The row's id is
 *    the `webhook-id` of every attempt, so a receiver can drop a repeat.
 * 2. After the commit, and then whenever it is due, an attempt claims the row (status
 *    'sending' with a lease: one sender at a time across replicas), POSTs it signed, and records
 *    the outcome: 'delivered' on a 2xx; otherwise 'pending' until the next wait of
 *    RETRY_DELAYS_S, or 'failed' after the last. A worker that dies mid-attempt leaves the lease
 *    to expire, and the attempt is made again (receivers dedupe on the id).
 * 3. An endpoint none of whose attempts succeeded for WEBHOOK_PAUSE_AFTER_HOURS is paused (an
 *    event: staff are emailed); its deliveries wait, and go when staff resume it.
 */
@Injectable()
export class WebhookDeliveries implements OnApplicationBootstrap {
  private readonly logger = new Logger(WebhookDeliveries.name);
  private readonly secrets: WebhookSecrets;

  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(AdminSettings.token) private readonly settings: SettingsOf<typeof AdminSettings>,
    // Provided in the worker only: the API never makes attempts of its own accord.
    @Optional() private readonly scheduledWork?: ScheduledWork,
  ) {
    this.secrets = new WebhookSecrets(config.APP_SECRET);
  }

  onApplicationBootstrap(): void {
    this.scheduledWork?.every('webhooks.retry', this.settings.WEBHOOK_RETRY_POLL_MS, () => this.sendDue());
  }

  /** In the consumer's transaction: a row for each endpoint that wants each event and existed when it happened. The new rows' ids. */
  async write(events: DomainEvent[], manager: EntityManager): Promise<string[]> {
    const endpoints: { id: string; events: string[]; created_at: Date }[] = await manager.query(`SELECT id::text, events, created_at FROM webhook_endpoints`);
    const rows: [string[], string[], string[], string[], (string | null)[], string[]] = [[], [], [], [], [], []];
    for (const event of events) {
      const wanting = endpoints.filter((e) => e.events.includes(WEBHOOK_EVENT_OF[event.type]) && e.created_at.getTime() <= Date.parse(event.occurredAt));
      if (wanting.length === 0) continue;
      const built = payloadOf(event);
      if (!built) continue;
      for (const endpoint of wanting) {
        rows[0].push(deliveryIdOf(endpoint.id, event.id));
        rows[1].push(endpoint.id);
        rows[2].push(event.id);
        rows[3].push(built.payload.type);
        rows[4].push(built.subject);
        rows[5].push(JSON.stringify(built.payload));
      }
    }
    if (rows[0].length === 0) return [];
    const written: { id: string }[] = await manager.query(
      `INSERT INTO webhook_deliveries (id, endpoint_id, event_id, event_type, subject, payload)
       SELECT * FROM unnest($1::varchar[], $2::uuid[], $3::uuid[], $4::varchar[], $5::varchar[], $6::jsonb[])
       ON CONFLICT ON CONSTRAINT webhook_deliveries_once DO NOTHING
       RETURNING id`,
      rows,
    );
    return written.map((row) => row.id);
  }

  /**
   * Attempts deliveries whose time has come: these ones (just written, or sent again by staff),
   * or any that are due. Never inside a transaction. How many attempts were made.
   */
  async sendDue(ids?: string[]): Promise<number> {
    let made = 0;
    for (;;) {
      const claimed = await this.claim(ids, 50);
      if (claimed.length === 0) return made;
      made += claimed.length;
      for (let start = 0; start < claimed.length; start += SENDING_AT_ONCE) {
        await Promise.all(claimed.slice(start, start + SENDING_AT_ONCE).map((row) => this.attempt(row)));
      }
      if (ids) return made;
    }
  }

  /** Sends one claimed delivery and records how it went. */
  private async attempt(row: Claimed): Promise<void> {
    const body = JSON.stringify(row.payload);
    const now = new Date();
    const outcome: SendOutcome = await postDelivery(
      row.url,
      body,
      {
        'content-type': 'application/json',
        'user-agent': `${this.config.BRAND_NAME}-Webhooks/1.0`,
        'webhook-id': row.id,
        'webhook-timestamp': Math.floor(now.getTime() / 1000).toString(),
        'webhook-signature': this.secrets.signature(
          { id: row.endpoint_id, generation: row.secret_generation, rotatedAt: row.secret_rotated_at },
          { id: row.id, body },
          now,
        ),
      },
      { timeoutMs: this.settings.WEBHOOK_TIMEOUT_MS, allowPrivate: this.settings.WEBHOOK_ALLOW_PRIVATE_URLS },
    );
    const retryInS = RETRY_DELAYS_S[row.attempts - 1] ?? 0;
    await this.dataSource.query(
      `UPDATE webhook_deliveries SET
         status = CASE WHEN $2 THEN 'delivered' WHEN attempts >= $5 THEN 'failed' ELSE 'pending' END,
         delivered_at = CASE WHEN $2 THEN now() END,
         response_status = $3, last_error = $4, lease_until = NULL,
         next_attempt_at = CASE WHEN $2 THEN next_attempt_at ELSE now() + make_interval(secs => $6) END,
         first_failed_at = CASE WHEN $2 THEN first_failed_at ELSE coalesce(first_failed_at, now()) END
       WHERE id = $1 AND status = 'sending'`,
      [row.id, outcome.ok, outcome.status, outcome.ok ? null : outcome.error, MAX_ATTEMPTS, retryInS],
    );
    if (!outcome.ok) await this.pauseIfFailing(row.endpoint_id).catch((error) => this.logger.warn({ err: (error as Error).message }, 'Pause check failed'));
  }

  private async claim(ids: string[] | undefined, limit: number): Promise<Claimed[]> {
    // An UPDATE ... RETURNING answers [rows, count].
    const [claimed]: [Claimed[], number] = await this.dataSource.query(
      `WITH due AS (
         SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.status = 'active'
         WHERE ((d.status = 'pending' AND d.next_attempt_at <= now()) OR (d.status = 'sending' AND d.lease_until < now()))
           AND ($1::varchar[] IS NULL OR d.id = ANY($1::varchar[]))
         ORDER BY d.next_attempt_at LIMIT $2
         FOR UPDATE OF d SKIP LOCKED
       )
       UPDATE webhook_deliveries d SET status = 'sending', attempts = d.attempts + 1, last_attempt_at = now(),
         lease_until = now() + make_interval(secs => $3)
       FROM due, webhook_endpoints e WHERE d.id = due.id AND e.id = d.endpoint_id
       RETURNING d.id, d.endpoint_id::text, e.url, e.secret_generation, e.secret_rotated_at, d.payload, d.attempts`,
      [ids ?? null, limit, LEASE_S],
    );
    return claimed;
  }

  /**
   * Since when every attempt at this endpoint has failed (the first failure after its last
   * success), or null when it is not failing.
   */
  async failingSince(endpointId: string, manager: EntityManager = this.dataSource.manager): Promise<Date | null> {
    const [row]: { since: Date | null }[] = await manager.query(
      `SELECT min(d.first_failed_at) AS since FROM webhook_deliveries d
       WHERE d.endpoint_id = $1 AND d.status <> 'delivered'
         AND d.first_failed_at > coalesce((SELECT max(s.delivered_at) FROM webhook_deliveries s WHERE s.endpoint_id = $1), '-infinity')`,
      [endpointId],
    );
    return row?.since ?? null;
  }

  private async pauseIfFailing(endpointId: string): Promise<void> {
    const since = await this.failingSince(endpointId);
    if (!since || Date.now() - since.getTime() < this.settings.WEBHOOK_PAUSE_AFTER_HOURS * 3600_000) return;
    await this.events.transaction(async (tx) => {
      const [endpoint]: { status: string }[] = await tx.manager.query(`SELECT status FROM webhook_endpoints WHERE id = $1 FOR UPDATE`, [endpointId]);
      if (endpoint?.status !== 'active') return; // paused (or deleted) already: tell staff once
      await tx.append(
        { streamType: WEBHOOK_ENDPOINT_STREAM, streamId: endpointId },
        'any',
        [WebhookEndpointPaused({ endpointId, reason: 'failing', failingSince: since.toISOString() })],
        { actorType: 'system' },
      );
    });
    this.logger.warn({ endpointId, failingSince: since.toISOString() }, 'Webhook endpoint paused: every attempt failed for a day');
  }
}
