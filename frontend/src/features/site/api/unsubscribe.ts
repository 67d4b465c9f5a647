import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';

// The page of an email's unsubscribe link (RFC 8058: a mail client POSTs the same URL itself).
// GET /api/email/subscription?token= reads the address's state and changes nothing (a mail
// scanner opens the link and runs the page); only the page's button changes it:
// POST /api/email/unsubscribe and /api/email/resubscribe with { token }: 200 { unsubscribed };
// 400 { error, code: 'invalid_token' } for a link that is not ours.

export type Subscription = ApiSchema<'SubscriptionDto'>;

const subscriptionKey = (token: string) => ['email', 'subscription', token] as const;

/** Whether the link's address gets marketing email now: a read, nothing more. */
export function useSubscriptionState(token: string) {
  return useQuery({
    queryKey: subscriptionKey(token),
    queryFn: () => api.get<Subscription>('/api/email/subscription', { params: { token } }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}

export function useSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['email', 'subscription'],
    // `from`: the email the link came from (an announcement's), so the send counts its unsubscribes.
    mutationFn: ({ token, from, unsubscribe }: { token: string; from: string | null; unsubscribe: boolean }) =>
      unsubscribe
        ? api.post<Subscription>('/api/email/unsubscribe', { token, ...(from ? { from } : {}) })
        : api.post<Subscription>('/api/email/resubscribe', { token }),
    onSuccess: (answer, { token }) => queryClient.setQueryData(subscriptionKey(token), answer),
  });
}
