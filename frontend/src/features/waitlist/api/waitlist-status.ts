import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';

// GET /api/waitlist/status?code=REFERRALCODE: a member's position, confirmed referrals and
// referral link (the "check your position" link of the welcome email). 404 when no member
// has that code.

export const WAITLIST_STATUS_PATH = '/api/waitlist/status';

export type WaitlistStatus = ApiSchema<'WaitlistStatusDto'>;

export function getWaitlistStatus(code: string, signal?: AbortSignal): Promise<WaitlistStatus> {
  return api.get<WaitlistStatus>(WAITLIST_STATUS_PATH, { params: { code }, signal });
}

export const waitlistStatusQueryKey = (code: string) => ['waitlist', 'status', code.trim().toUpperCase()] as const;

export function waitlistStatusQueryOptions(code: string) {
  return queryOptions({
    queryKey: waitlistStatusQueryKey(code),
    queryFn: ({ signal }) => getWaitlistStatus(code.trim(), signal),
  });
}

/** The member's status; idle while `code` is empty. A 404 is final (never retried). */
export function useWaitlistStatus(code: string | null) {
  return useQuery({ ...waitlistStatusQueryOptions(code ?? ''), enabled: Boolean(code?.trim()) });
}
