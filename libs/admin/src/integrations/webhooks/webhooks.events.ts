import { defineConsumer, defineEvent } from '@swishly/platform';
import { ReferralCredited, WaitlistAdmitted, WaitlistConfirmed, WaitlistJoined, WaitlistMemberErased, WaitlistUnsubscribed } from '@swishly/waitlist';

/** Stream: the endpoint's id. */
export const WEBHOOK_ENDPOINT_STREAM = 'webhook-endpoint';

/** What another system may subscribe to, as it reads in a delivery's `type`. */
export const WEBHOOK_EVENT_TYPES = [
  'member.joined',
  'member.confirmed',
  'member.referral_credited',
  'member.admitted',
  'member.unsubscribed',
  'member.erased',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The waitlist's event behind each webhook event. */
export const WEBHOOK_EVENT_OF: Record<string, WebhookEventType> = {
  [WaitlistJoined.type]: 'member.joined',
  [WaitlistConfirmed.type]: 'member.confirmed',
  [ReferralCredited.type]: 'member.referral_credited',
  [WaitlistAdmitted.type]: 'member.admitted',
  [WaitlistUnsubscribed.type]: 'member.unsubscribed',
  [WaitlistMemberErased.type]: 'member.erased',
};

/**
 * Staff added an endpoint: deliveries of these events go to `url` from now on. Its signing
 * secret is never in the log: it is derived from the endpoint's id and `generation` (webhook-secrets.ts).
 */
export const WebhookEndpointCreated = defineEvent<{ endpointId: string; url: string; description: string | null; events: WebhookEventType[] }>(
  'webhook.endpoint-created',
);
export const WebhookEndpointChanged = defineEvent<{ endpointId: string; url?: string; description?: string | null; events?: WebhookEventType[] }>(
  'webhook.endpoint-changed',
);
/** A new signing secret; the previous one still signs beside it for a day, so receivers can switch without losing a delivery. */
export const WebhookSecretRotated = defineEvent<{ endpointId: string; generation: number }>('webhook.secret-rotated');
/** Nothing is sent to it until it is resumed (its deliveries wait): by staff, or after a day in which every attempt failed. */
export const WebhookEndpointPaused = defineEvent<{ endpointId: string; reason: 'staff' | 'failing'; failingSince?: string }>('webhook.endpoint-paused');
export const WebhookEndpointResumed = defineEvent<{ endpointId: string }>('webhook.endpoint-resumed');
export const WebhookEndpointDeleted = defineEvent<{ endpointId: string }>('webhook.endpoint-deleted');
/** Staff sent a delivery again (a failed one, or one the receiver lost). */
export const WebhookDeliveryResent = defineEvent<{ endpointId: string; deliveryId: string }>('webhook.delivery-resent');

/** Writes each member event's deliveries, one per endpoint that wants it, and makes their first attempt. */
export const DeliverWebhooks = defineConsumer('admin.deliver-webhooks', [
  WaitlistJoined,
  WaitlistConfirmed,
  ReferralCredited,
  WaitlistAdmitted,
  WaitlistUnsubscribed,
  WaitlistMemberErased,
]);

/** Tells staff that an endpoint was paused because it kept failing. */
export const SendWebhookPausedEmail = defineConsumer('admin.send-webhook-paused-email', [WebhookEndpointPaused], {
  only: (event) => event.payload.reason === 'failing',
});
