import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';

// POST /api/waitlist (spec §3 "Waitlist request", §7 "POST waitlist"). The landing page and
// the home form send role null and the referral code the visitor arrived with (?ref=).
// Answers: 201 with the position and the new member's referral code; 409 when the email is
// already on the list (code 'email_already_registered'); 400 / 429 with `{ error, code }`.

export const JOIN_WAITLIST_PATH = '/api/waitlist';

export type JoinWaitlistInput = ApiSchema<'JoinWaitlistDto'>;

export type JoinWaitlistResponse = ApiSchema<'JoinWaitlistResponseDto'>;

/** The server's code for "this email is already on the waitlist" (HTTP 409). */
export const EMAIL_ALREADY_REGISTERED = 'email_already_registered';

export function joinWaitlist(input: JoinWaitlistInput): Promise<JoinWaitlistResponse> {
  return api.post<JoinWaitlistResponse>(JOIN_WAITLIST_PATH, input);
}

/**
 * Whether a referral link's code still belongs to a member (an erased member's does not): the
 * landing says "A friend invited you" only then.
 */
export function useReferralLink(code: string | null) {
  return useQuery({
    queryKey: ['waitlist', 'referral', code],
    queryFn: ({ signal }) => api.get<ApiSchema<'ReferralLinkDto'>>(`/api/waitlist/referrals/${encodeURIComponent(code ?? '')}`, { signal }),
    enabled: code !== null,
    staleTime: Infinity,
  });
}
