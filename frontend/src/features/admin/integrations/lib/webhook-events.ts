import type { WebhookDeliveryStatus, WebhookEventType } from '../api/webhooks';

// The member events an endpoint may subscribe to, in the order the form lists them, each with
// what happened and what its delivery carries (the server's payloadOf: only a join names the
// person; every other event is the member's id and what happened).

export const WEBHOOK_EVENTS: ReadonlyArray<{ type: WebhookEventType; description: string }> = [
  { type: 'member.joined', description: 'Someone joined the waitlist (id, email, first name, position, source, who referred them).' },
  { type: 'member.confirmed', description: 'A member confirmed their email address (id).' },
  {
    type: 'member.referral_credited',
    description: 'A friend a member referred confirmed, and the member moved up (their id, the friend’s id, places moved).',
  },
  { type: 'member.admitted', description: 'A member was let in to early access (id).' },
  { type: 'member.unsubscribed', description: 'A member unsubscribed from our emails (id): stop emailing them on your side too.' },
  { type: 'member.erased', description: 'A member was erased on request (id only): delete them on your side too.' },
];

export const DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  sending: 'Sending',
  delivered: 'Delivered',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/** What each status means, in the log's legend. */
export const DELIVERY_STATUS_DESCRIPTIONS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Waiting for its next attempt (or for the endpoint to be resumed).',
  sending: 'Being sent right now.',
  delivered: 'The receiver answered with a 2xx status.',
  failed: 'Every attempt over about a day failed. Fix the receiver, then send it again.',
  cancelled: 'Not sent: the member was erased before it went out.',
};
