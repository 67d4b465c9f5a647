import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';

// /privacy-request: POST /api/privacy/requests { email, kind } answers 202 whether or not we know
// the address, and emails it a link; GET /api/privacy/requests?token= says what the link will
// do; POST /api/privacy/requests/confirm { token } carries it out once (an export: the JSON
// download; an erasure: { erased: true }). A used or expired link: 410; a wrong one: 404.

export type PrivacyRequestInput = ApiSchema<'PrivacyRequestDto'>;
export type PrivacyRequestKind = PrivacyRequestInput['kind'];
export type PrivacyRequestState = ApiSchema<'PrivacyRequestStateDto'>;

export function useMakePrivacyRequest() {
  return useMutation({
    mutationKey: ['privacy-request', 'make'],
    mutationFn: (input: PrivacyRequestInput) => api.post<{ ok: true }>('/api/privacy/requests', input),
  });
}

export function usePrivacyRequest(token: string) {
  return useQuery({
    queryKey: ['privacy-request', token],
    queryFn: () => api.get<PrivacyRequestState>('/api/privacy/requests', { params: { token } }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}

export function useCarryOutPrivacyRequest() {
  return useMutation({
    mutationKey: ['privacy-request', 'confirm'],
    mutationFn: (token: string) => api.post<Record<string, unknown>>('/api/privacy/requests/confirm', { token }),
  });
}
