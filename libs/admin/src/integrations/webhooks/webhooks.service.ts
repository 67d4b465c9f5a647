import { Inject, Injectable } from '@nestjs/common';
import { apiError, APP_CONFIG, AppConfig, EventMetadata, EventStore, PendingEvent, SettingsOf } from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { AdminSettings } from '../../admin.settings';
import {
  CreateWebhookDto,
  UpdateWebhookDto,
  WebhookCreatedDto,
  WebhookDeliveryDto,
  WebhookDeliveryPageDto,
  WebhookDeliveryQueryDto,
  WebhookEndpointDto,
  WebhookSecretDto,
} from './dto/webhooks.dto';
import { WebhookDeliveries } from './webhook-deliveries.service';
import { WebhookSecrets } from './webhook-secrets';
import { urlProblem } from './webhook-targets';
import {
  WEBHOOK_ENDPOINT_STREAM,
  WebhookDeliveryResent,
  WebhookEndpointChanged,
  WebhookEndpointCreated,
  WebhookEndpointDeleted,
  WebhookEndpointPaused,
  WebhookEndpointResumed,
  WebhookEventType,
  WebhookSecretRotated,
} from './webhooks.events';

interface EndpointRow {
  id: string;
  url: string;
  description: string | null;
  events: WebhookEventType[];
  status: 'active' | 'paused';
  paused_reason: 'staff' | 'failing' | null;
  paused_at: Date | null;
  secret_generation: number;
  secret_rotated_at: Date | null;
  created_at: Date;
  delivered: number;
  pending: number;
  failed: number;
  last_delivered_at: Date | null;
}

const PAGE = 50;
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** /admin/integrations: the endpoints other systems gave us, their secrets, and what was sent to each. */
@Injectable()
export class WebhooksService {
  private readonly secrets: WebhookSecrets;

  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventStore,
    private readonly deliveries: WebhookDeliveries,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(AdminSettings.token) private readonly settings: SettingsOf<typeof AdminSettings>,
  ) {
    this.secrets = new WebhookSecrets(config.APP_SECRET);
  }

  async create(body: CreateWebhookDto, meta: EventMetadata): Promise<WebhookCreatedDto> {
    this.checkUrl(body.url);
    const endpointId = randomUUID();
    await this.events.append(
      { streamType: WEBHOOK_ENDPOINT_STREAM, streamId: endpointId },
      0,
      [WebhookEndpointCreated({ endpointId, url: body.url, description: body.description || null, events: body.events })],
      meta,
    );
    return { id: endpointId, secret: this.secrets.secretOf(endpointId, 1) };
  }

  async list(): Promise<WebhookEndpointDto[]> {
    const rows = await this.rows();
    return Promise.all(rows.map((row) => this.view(row)));
  }

  async get(id: string): Promise<WebhookEndpointDto> {
    const [row] = await this.rows(id);
    if (!row) throw notFound();
    return this.view(row);
  }

  async update(id: string, body: UpdateWebhookDto, meta: EventMetadata): Promise<WebhookEndpointDto> {
    if (body.url !== undefined) this.checkUrl(body.url);
    const change = {
      endpointId: id,
      ...(body.url !== undefined ? { url: body.url } : {}),
      ...(body.events !== undefined ? { events: body.events } : {}),
      ...(body.description !== undefined ? { description: body.description || null } : {}),
    };
    await this.onEndpoint(id, meta, () => [WebhookEndpointChanged(change)]);
    return this.get(id);
  }

  /** A new secret (shown once); the old one keeps signing beside it for a day. */
  async rotateSecret(id: string, meta: EventMetadata): Promise<WebhookSecretDto> {
    let generation = 0;
    await this.onEndpoint(id, meta, (endpoint) => {
      generation = endpoint.secret_generation + 1;
      return [WebhookSecretRotated({ endpointId: id, generation })];
    });
    return { secret: this.secrets.secretOf(id, generation) };
  }

  async pause(id: string, meta: EventMetadata): Promise<WebhookEndpointDto> {
    await this.onEndpoint(id, meta, (endpoint) => (endpoint.status === 'paused' ? [] : [WebhookEndpointPaused({ endpointId: id, reason: 'staff' })]));
    return this.get(id);
  }

  /** Sends again: the deliveries that waited go out from the next retry pass, each with a fresh day of attempts. */
  async resume(id: string, meta: EventMetadata): Promise<WebhookEndpointDto> {
    await this.onEndpoint(id, meta, async (endpoint, manager) => {
      if (endpoint.status === 'active') return [];
      // Failures before the resume no longer count toward the next pause (nor do the deliveries
      // that ran out of attempts: staff may send those again).
      await manager.query(
        `UPDATE webhook_deliveries SET first_failed_at = NULL,
           next_attempt_at = CASE WHEN status = 'pending' THEN now() ELSE next_attempt_at END,
           attempts = CASE WHEN status = 'pending' THEN 0 ELSE attempts END
         WHERE endpoint_id = $1 AND status IN ('pending', 'failed')`,
        [id],
      );
      return [WebhookEndpointResumed({ endpointId: id })];
    });
    return this.get(id);
  }

  /** Nothing more is sent to it; its delivery log goes with it. */
  async remove(id: string, meta: EventMetadata): Promise<void> {
    await this.onEndpoint(id, meta, async (_endpoint, manager) => {
      await manager.query(`DELETE FROM webhook_deliveries WHERE endpoint_id = $1`, [id]);
      return [WebhookEndpointDeleted({ endpointId: id })];
    });
  }

  async deliveryPage(id: string, query: WebhookDeliveryQueryDto): Promise<WebhookDeliveryPageDto> {
    await this.get(id);
    const params: unknown[] = [id];
    const where = ['endpoint_id = $1'];
    if (query.status) where.push(`status = $${params.push(query.status)}`);
    if (query.cursor) {
      const [at, deliveryId] = query.cursor.split('|');
      if (!deliveryId || Number.isNaN(Date.parse(at))) throw apiError(400, 'That page of the delivery log does not exist', 'invalid_cursor');
      where.push(`(created_at, id) < ($${params.push(at)}::timestamptz, $${params.push(deliveryId)})`);
    }
    const rows: {
      id: string;
      event_type: WebhookEventType;
      status: WebhookDeliveryDto['status'];
      attempts: number;
      response_status: number | null;
      last_error: string | null;
      created_at: Date;
      last_attempt_at: Date | null;
      next_attempt_at: Date;
      delivered_at: Date | null;
      payload: Record<string, unknown>;
    }[] = await this.dataSource.query(
      `SELECT id, event_type, status, attempts, response_status, last_error, created_at, last_attempt_at, next_attempt_at, delivered_at, payload
       FROM webhook_deliveries WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT ${PAGE + 1}`,
      params,
    );
    const page = rows.slice(0, PAGE);
    const last = page.at(-1);
    return {
      deliveries: page.map((row) => ({
        id: row.id,
        eventType: row.event_type,
        status: row.status,
        attempts: row.attempts,
        responseStatus: row.response_status,
        lastError: row.last_error,
        createdAt: row.created_at.toISOString(),
        lastAttemptAt: iso(row.last_attempt_at),
        nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
        deliveredAt: iso(row.delivered_at),
        payload: row.payload,
      })),
      // The timestamp to the microsecond, as Postgres keeps it, so no row is skipped or repeated.
      nextCursor: rows.length > PAGE && last ? `${await this.exactTime(last.id)}|${last.id}` : null,
    };
  }

  /**
   * Sends a delivery again, under the same webhook-id (a receiver that has it already drops it),
   * with a fresh day of attempts: a failed one, or one the receiver says it lost. Not one that
   * is on its way now, nor one cancelled by an erasure.
   */
  async resend(id: string, deliveryId: string, meta: EventMetadata): Promise<void> {
    await this.onEndpoint(id, meta, async (_endpoint, manager) => {
      const [, changed]: [unknown, number] = await manager.query(
        `UPDATE webhook_deliveries SET status = 'pending', attempts = 0, first_failed_at = NULL, next_attempt_at = now(), lease_until = NULL
         WHERE id = $1 AND endpoint_id = $2 AND status IN ('delivered', 'failed', 'pending')`,
        [deliveryId, id],
      );
      if (changed === 0) {
        const [row]: { status: string }[] = await manager.query(`SELECT status FROM webhook_deliveries WHERE id = $1 AND endpoint_id = $2`, [deliveryId, id]);
        if (!row) throw apiError(404, 'That delivery is not in this endpoint’s log', 'not_found');
        throw apiError(
          409,
          row.status === 'sending' ? 'That delivery is being sent right now' : 'That delivery was cancelled because the person was erased',
          'not_resendable',
        );
      }
      return [WebhookDeliveryResent({ endpointId: id, deliveryId })];
    });
  }

  private checkUrl(url: string): void {
    const problem = urlProblem(url, this.settings.WEBHOOK_ALLOW_PRIVATE_URLS);
    if (problem) throw apiError(400, problem, 'invalid_url');
  }

  /** Appends what `decide` returns to the endpoint's stream, with the endpoint's row locked while it decides. */
  private async onEndpoint(
    id: string,
    meta: EventMetadata,
    decide: (endpoint: EndpointRow, manager: EntityManager) => PendingEvent[] | Promise<PendingEvent[]>,
  ): Promise<void> {
    await this.events.transaction(async (tx) => {
      const [endpoint]: EndpointRow[] = await tx.manager.query(`SELECT * FROM webhook_endpoints WHERE id = $1 FOR UPDATE`, [id]);
      if (!endpoint) throw notFound();
      const events = await decide(endpoint, tx.manager);
      if (events.length > 0) await tx.append({ streamType: WEBHOOK_ENDPOINT_STREAM, streamId: id }, 'any', events, meta);
    });
  }

  private rows(id?: string): Promise<EndpointRow[]> {
    return this.dataSource.query(
      `SELECT e.*, c.delivered, c.pending, c.failed, c.last_delivered_at
       FROM webhook_endpoints e
       CROSS JOIN LATERAL (
         SELECT count(*) FILTER (WHERE d.status = 'delivered')::int AS delivered,
                count(*) FILTER (WHERE d.status IN ('pending', 'sending'))::int AS pending,
                count(*) FILTER (WHERE d.status = 'failed')::int AS failed,
                max(d.delivered_at) AS last_delivered_at
         FROM webhook_deliveries d WHERE d.endpoint_id = e.id) c
       WHERE $1::uuid IS NULL OR e.id = $1
       ORDER BY e.created_at`,
      [id ?? null],
    );
  }

  private async view(row: EndpointRow): Promise<WebhookEndpointDto> {
    return {
      id: row.id,
      url: row.url,
      description: row.description,
      events: row.events,
      status: row.status,
      pausedReason: row.paused_reason,
      pausedAt: iso(row.paused_at),
      failingSince: iso(await this.deliveries.failingSince(row.id)),
      lastDeliveredAt: iso(row.last_delivered_at),
      secretRotatedAt: iso(row.secret_rotated_at),
      deliveries: { delivered: row.delivered, pending: row.pending, failed: row.failed },
      createdAt: row.created_at.toISOString(),
    };
  }

  private async exactTime(deliveryId: string): Promise<string> {
    const [row]: { at: string }[] = await this.dataSource.query(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at FROM webhook_deliveries WHERE id = $1`,
      [deliveryId],
    );
    return row.at;
  }
}

function notFound() {
  return apiError(404, 'No such webhook endpoint', 'not_found');
}
