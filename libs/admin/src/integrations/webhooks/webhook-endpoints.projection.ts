import { Injectable } from '@nestjs/common';
import { Projection, ProjectionHandlers } from '@swishly/platform';
import {
  WebhookEndpointChanged,
  WebhookEndpointCreated,
  WebhookEndpointDeleted,
  WebhookEndpointPaused,
  WebhookEndpointResumed,
  WebhookSecretRotated,
} from './webhooks.events';

/** The endpoints staff set up (`webhook_endpoints`). Their deliveries are the worker's log (`webhook_deliveries`), not this projection's. */
@Injectable()
export class WebhookEndpointsProjection implements Projection {
  readonly name = 'webhook-endpoints';
  readonly tables = ['webhook_endpoints'];
  readonly handlers = new ProjectionHandlers()
    .on(WebhookEndpointCreated, async (event, manager) => {
      const p = event.payload;
      await manager.query(
        `INSERT INTO webhook_endpoints (id, url, description, events, created_by, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)`,
        [p.endpointId, p.url, p.description, p.events, event.metadata.actorType === 'admin' ? (event.metadata.actorId ?? null) : null, event.occurredAt],
      );
    })
    .on(WebhookEndpointChanged, async (event, manager) => {
      const p = event.payload;
      await manager.query(
        `UPDATE webhook_endpoints SET url = coalesce($2, url), description = CASE WHEN $3::boolean THEN $4 ELSE description END,
           events = coalesce($5, events), updated_at = $6 WHERE id = $1`,
        [p.endpointId, p.url ?? null, 'description' in p, p.description ?? null, p.events ?? null, event.occurredAt],
      );
    })
    .on(WebhookSecretRotated, async (event, manager) => {
      await manager.query(`UPDATE webhook_endpoints SET secret_generation = $2, secret_rotated_at = $3, updated_at = $3 WHERE id = $1`, [
        event.payload.endpointId,
        event.payload.generation,
        event.occurredAt,
      ]);
    })
    .on(WebhookEndpointPaused, async (event, manager) => {
      await manager.query(`UPDATE webhook_endpoints SET status = 'paused', paused_reason = $2, paused_at = $3, updated_at = $3 WHERE id = $1`, [
        event.payload.endpointId,
        event.payload.reason,
        event.occurredAt,
      ]);
    })
    .on(WebhookEndpointResumed, async (event, manager) => {
      await manager.query(`UPDATE webhook_endpoints SET status = 'active', paused_reason = NULL, paused_at = NULL, updated_at = $2 WHERE id = $1`, [
        event.payload.endpointId,
        event.occurredAt,
      ]);
    })
    .on(WebhookEndpointDeleted, async (event, manager) => {
      await manager.query(`DELETE FROM webhook_endpoints WHERE id = $1`, [event.payload.endpointId]);
    })
    .build();
}
