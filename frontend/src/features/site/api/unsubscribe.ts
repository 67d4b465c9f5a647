import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';

// The page of an email's unsubscribe link (RFC 8058: a mail client POSTs the same URL itself).
// POST /api/email/unsubscribe and /api/email/resubscribe with { token }: 200 { unsubscribed };
// 400 { error, code: 'invalid_token' } for a link that is not ours.

export type Subscription = ApiSchema<'SubscriptionDto'>;

export function useSubscription() {
  return useMutation({
    mutationKey: ['email', 'subscription'],
    mutationFn: ({ token, unsubscribe }: { token: string; unsubscribe: boolean }) =>
      api.post<Subscription>(unsubscribe ? '/api/email/unsubscribe' : '/api/email/resubscribe', { token }),
  });
}
