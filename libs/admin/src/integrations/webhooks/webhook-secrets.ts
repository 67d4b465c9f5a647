import { createHash, createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** How long a rotated-out secret still signs beside the new one. */
export const PREVIOUS_SECRET_SIGNS_FOR_MS = 24 * 3600_000;

/**
 * The endpoints' signing secrets (Standard Webhooks `whsec_` keys). Each is derived from the
 * endpoint's id and its generation under APP_SECRET, so no secret is stored or written to the
 * log, and a rotation is a new generation. Changing APP_SECRET changes every endpoint's secret
 * (as it ends every reset and invitation link).
 */
export class WebhookSecrets {
  constructor(private readonly appSecret: string) {}

  secretOf(endpointId: string, generation: number): string {
    return `whsec_${createHmac('sha256', this.appSecret).update(`webhook-secret:${endpointId}:${generation}`).digest('base64')}`;
  }

  /**
   * The `webhook-signature` header: `v1,<signature>` under the current secret, followed (space
   * separated, as the specification allows) by one under the previous secret while it still signs.
   */
  signature(endpoint: { id: string; generation: number; rotatedAt: Date | null }, delivery: { id: string; body: string }, at: Date): string {
    const generations = [endpoint.generation];
    if (endpoint.generation > 1 && endpoint.rotatedAt && at.getTime() - endpoint.rotatedAt.getTime() < PREVIOUS_SECRET_SIGNS_FOR_MS) {
      generations.push(endpoint.generation - 1);
    }
    return generations.map((generation) => new Webhook(this.secretOf(endpoint.id, generation)).sign(delivery.id, at, delivery.body)).join(' ');
  }
}

/** A delivery's `webhook-id`: the same for an endpoint and an event whatever happens, so a receiver can drop repeats. */
export function deliveryIdOf(endpointId: string, eventId: string): string {
  return `msg_${createHash('sha256').update(`${endpointId}/${eventId}`).digest('hex').slice(0, 32)}`;
}
