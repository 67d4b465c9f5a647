import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { percentOf } from '@/components/ui/progress-bar';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';

// Launch announcements (shapes: openapi.json): who an audience reaches, the email's preview, a
// test to yourself, the send (with an Idempotency-Key per draft) and its progress.

const BASE = '/api/admin/broadcasts';

export type BroadcastAudience = ApiSchema<'SendBroadcastDto'>['audience'];
export type BroadcastProgress = ApiSchema<'BroadcastProgressDto'>;
export type BroadcastSummary = ApiSchema<'BroadcastSummaryDto'>;
export interface BroadcastDraft {
  subject: string;
  html: string;
}

export const AUDIENCES: { value: BroadcastAudience; label: string; hint: string }[] = [
  {
    value: 'all',
    label: 'Everyone',
    hint: 'Every member who may be emailed: today the same people as All confirmed, since only a confirmed address is ever written to.',
  },
  { value: 'confirmed', label: 'All confirmed', hint: 'Everyone who confirmed their address, admitted or not (the same as Everyone today).' },
  { value: 'waiting', label: 'Waiting', hint: 'Confirmed and not yet let in.' },
  { value: 'admitted', label: 'Admitted', hint: 'Members already let in.' },
];

export function useBroadcasts() {
  return useQuery({
    queryKey: ['admin', 'broadcasts', 'list'],
    queryFn: async () => (await api.get<ApiSchema<'BroadcastListDto'>>(BASE)).broadcasts,
    // Follow the sending ones until they are done.
    refetchInterval: (query) => (query.state.data?.some((b) => b.status === 'sending') ? 2000 : false),
  });
}

/** Whom staff leave out of an announcement, besides those who cannot be emailed. */
export interface LeaveOut {
  withoutDisposable: boolean;
  withoutHeldReferrals: boolean;
}

export function useAudienceSize(audience: BroadcastAudience, leaveOut: LeaveOut) {
  return useQuery({
    queryKey: ['admin', 'broadcasts', 'audience', audience, leaveOut],
    queryFn: ({ signal }) =>
      api.get<ApiSchema<'AudienceSizeDto'>>(`${BASE}/audience`, {
        params: { audience, withoutDisposable: leaveOut.withoutDisposable || undefined, withoutHeldReferrals: leaveOut.withoutHeldReferrals || undefined },
        signal,
      }),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });
}

export function usePreview() {
  return useMutation({
    mutationKey: ['admin', 'broadcasts', 'preview'],
    mutationFn: (draft: BroadcastDraft & LeaveOut & { audience: BroadcastAudience }) => api.post<ApiSchema<'BroadcastPreviewDto'>>(`${BASE}/preview`, draft),
  });
}

export function useSendTest() {
  return useMutation({
    mutationKey: ['admin', 'broadcasts', 'test'],
    mutationFn: (draft: BroadcastDraft) => api.post<ApiSchema<'BroadcastTestSentDto'>>(`${BASE}/test`, draft),
  });
}

/** Sends the announcement; the key (one per draft) makes a retried click the same announcement. */
export function useSendBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'broadcasts', 'send'],
    mutationFn: ({ key, ...body }: BroadcastDraft & LeaveOut & { audience: BroadcastAudience; sendAt?: string; key: string }) =>
      api.post<ApiSchema<'BroadcastCreatedDto'>>(BASE, body, { headers: { 'Idempotency-Key': key } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'broadcasts'] }),
  });
}

/** Cancels a scheduled announcement before its time. */
export function useCancelBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'broadcasts', 'cancel'],
    mutationFn: (id: string) => api.post<BroadcastProgress>(`${BASE}/${encodeURIComponent(id)}/cancel`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'broadcasts'] }),
  });
}

/** An announcement's progress, asked every second while it is sending (every 15 while it waits for its time). */
export function useBroadcastProgress(id: string | null) {
  return useQuery({
    queryKey: ['admin', 'broadcasts', 'progress', id],
    queryFn: ({ signal }) => api.get<BroadcastProgress>(`${BASE}/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'sent' || status === 'cancelled' ? false : status === 'scheduled' ? 15_000 : 1000;
    },
  });
}

/** Emails accounted for (sent, skipped or failed), as a share of the total. */
export function percentDone(progress: Pick<BroadcastProgress, 'total' | 'sent' | 'skipped' | 'failed'>): number {
  return percentOf(progress.sent + progress.skipped + progress.failed, progress.total);
}
