import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';

// GET /api/waitlist/status?token=TOKEN: a member's position, confirmed referrals and referral
// link (the "check your position" link of the welcome email: a signed token, never the shared
// referral code). 404 when the token is not valid.

export const WAITLIST_STATUS_PATH = '/api/waitlist/status';

export type WaitlistStatus = ApiSchema<'WaitlistStatusDto'>;

export function getWaitlistStatus(token: string, signal?: AbortSignal): Promise<WaitlistStatus> {
  return api.get<WaitlistStatus>(WAITLIST_STATUS_PATH, { params: { token }, signal });
}

export const waitlistStatusQueryKey = (token: string) => ['waitlist', 'status', token.trim()] as const;

export function waitlistStatusQueryOptions(token: string) {
  return queryOptions({
    queryKey: waitlistStatusQueryKey(token),
    queryFn: ({ signal }) => getWaitlistStatus(token.trim(), signal),
  });
}

/** The member's status; idle while `token` is empty. A 404 is final (never retried). */
export function useWaitlistStatus(token: string | null) {
  return useQuery({ ...waitlistStatusQueryOptions(token ?? ''), enabled: Boolean(token?.trim()) });
}

/** Status links used to carry the referral code; a signed token has an entry id, a dot and a signature. */
export function isOldStatusLink(value: string): boolean {
  return !value.includes('.');
}

/** From an old link: the member gets a fresh, signed one by email (202 whether or not the code exists). */
export function useRequestStatusLink() {
  return useMutation({
    mutationKey: ['waitlist', 'status-link'],
    mutationFn: (code: string) => api.post<ApiSchema<'OkDto'>>('/api/waitlist/status-link', { code }),
  });
}
