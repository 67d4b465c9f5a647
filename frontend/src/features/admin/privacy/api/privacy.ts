import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';

// /admin/privacy (shapes: openapi.json): look a person up by address (an export: staff see
// what we hold, and every look-up is in the audit trail), download it, erase them; the
// suppression list; the latest erasures and exports.

const BASE = '/api/admin/privacy';
const PRIVACY_KEY = ['admin', 'privacy'] as const;

export type SuppressionList = ApiSchema<'SuppressionListDto'>;
export type PrivacyActivity = ApiSchema<'PrivacyActivityDto'>;
export type ErasureResult = ApiSchema<'ErasureResultDto'>;

/** What we hold about a person (POST /api/admin/privacy/export), under the keys other systems read. */
export interface PersonalDataExport {
  subject: { email: string; exportedAt: string };
  waitlist: {
    position: number;
    firstName: string;
    email: string;
    referralCode: string;
    source: string;
    creatorCode: string | null;
    referralStatus: string;
    referrals: { credited: number; pending: number; flagged: number; rejected: number };
    joinedAt: string;
    confirmedAt: string | null;
    admittedAt: string | null;
  } | null;
  contactMessages: { subject: string | null; message: string; createdAt: string }[];
  shots: { kind: string; code: string; recordedAt: string }[];
  chatMessages: { sender: string; content: string; createdAt: string }[];
  earlyAccessCodes: { code: string; isUsed: boolean; createdAt: string }[];
  emails: { template: string; subject: string; status: string; createdAt: string }[];
  consent: { marketing: boolean; unsubscribedAt: string | null; suppressed: boolean; suppressedReason: string | null };
  privacyRequests: { requestId: string; kind: string; madeAt: string; carriedOut: boolean }[];
  /** Everything that happened to their records, in order (the event log). */
  history: { type: string; at: string }[];
}

export function useLookUpPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...PRIVACY_KEY, 'export'],
    mutationFn: (email: string) => api.post<PersonalDataExport>(`${BASE}/export`, { email }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...PRIVACY_KEY, 'activity'] }),
  });
}

export function useErasePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...PRIVACY_KEY, 'erase'],
    mutationFn: (email: string) => api.post<ErasureResult>(`${BASE}/erase`, { email }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PRIVACY_KEY }),
  });
}

export function useSuppressions() {
  return useQuery({
    queryKey: [...PRIVACY_KEY, 'suppressions'],
    queryFn: ({ signal }) => api.get<SuppressionList>(`${BASE}/suppressions`, { signal }),
    staleTime: 10_000,
  });
}

export function usePrivacyActivity() {
  return useQuery({
    queryKey: [...PRIVACY_KEY, 'activity'],
    queryFn: ({ signal }) => api.get<PrivacyActivity[]>(`${BASE}/activity`, { signal }),
    staleTime: 10_000,
  });
}
