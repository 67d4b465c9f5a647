import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { waitlistStatusQueryKey, type WaitlistStatus } from './waitlist-status';

// POST /api/waitlist/confirm { token }: the double opt-in link of the welcome email
// (/shotanalysis?confirm=TOKEN). Answers the member's status; 400 'invalid_token' when the
// link is not valid. Confirming twice is harmless on the server, so the call is modelled as
// a query keyed by the token: it runs once per token on mount and is never repeated for the
// same token (not on remount, not by React's StrictMode double effects).

export const CONFIRM_WAITLIST_PATH = '/api/waitlist/confirm';

export function confirmWaitlist(token: string): Promise<WaitlistStatus> {
  return api.post<WaitlistStatus>(CONFIRM_WAITLIST_PATH, { token });
}

export function useConfirmWaitlist(token: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['waitlist', 'confirm', token ?? ''],
    queryFn: async () => {
      const status = await confirmWaitlist(token ?? '');
      // The answer is the member's fresh status: a later ?status= view needs no request.
      queryClient.setQueryData(waitlistStatusQueryKey(status.referralCode), status);
      return status;
    },
    enabled: Boolean(token),
    staleTime: Infinity,
  });
}
