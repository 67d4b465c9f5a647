import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/components/ui/toast';
import { api, errorMessage } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';

// Staff's waitlist (shapes: openapi.json): members in position order, a page at a time by
// keyset cursor, the counts per status, and the CSV export (a plain GET: the browser downloads it).

const BASE = '/api/admin/waitlist';

export type WaitlistMember = ApiSchema<'WaitlistMemberDto'>;
export type MemberPage = ApiSchema<'MemberPageDto'>;
/** What the list filters by: a member's state, or what sits beside it (unsubscribed; flagged: a referral held). */
export type MemberFilter = Exclude<keyof ApiSchema<'MemberStatusCountsDto'>, 'all'>;
export type MemberStatusCounts = ApiSchema<'MemberStatusCountsDto'>;

export const MEMBER_STATUSES = ['unconfirmed', 'confirmed', 'admitted', 'unsubscribed', 'flagged'] as const satisfies readonly MemberFilter[];
export const PAGE_SIZE = 50;

export function isMemberStatus(value: unknown): value is MemberFilter {
  return typeof value === 'string' && (MEMBER_STATUSES as readonly string[]).includes(value);
}

export function useMembers({ search, status, cursor }: { search: string; status: MemberFilter | null; cursor: string | null }) {
  return useQuery({
    queryKey: ['admin', 'waitlist', 'members', { search, status, cursor }],
    // With the signal, a change's invalidation aborts a load already under way and loads again;
    // without it the refetch waited on that load, which may have read the list before the change.
    queryFn: ({ signal }) =>
      api.get<MemberPage>(BASE, {
        params: { search: search || undefined, status: status ?? undefined, cursor: cursor ?? undefined, limit: PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

export function useMemberStatusCounts() {
  return useQuery({
    queryKey: ['admin', 'waitlist', 'statuses'],
    queryFn: ({ signal }) => api.get<MemberStatusCounts>(`${BASE}/statuses`, { signal }),
    staleTime: 10_000,
  });
}

/** The CSV of what the filters select (the browser downloads it with the session cookie). */
export function exportUrl({ search, status }: { search: string; status: MemberFilter | null }): string {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (status) params.set('status', status);
  const query = params.toString();
  return `${BASE}/export${query ? `?${query}` : ''}`;
}

export type AdmissionProgress = ApiSchema<'AdmissionProgressDto'>;
export type AdmissionPreview = ApiSchema<'AdmissionPreviewDto'>;

/** Who an admission may leave out besides those it never takes (bounced or complained addresses). */
export interface AdmissionFilters {
  withoutDisposable: boolean;
  withoutHeldReferrals: boolean;
}

/**
 * Admits the next `count` confirmed members. The key is made once per dialog: a double click,
 * or a retry after a lost answer, is the same admission.
 */
export function useAdmit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'waitlist', 'admit'],
    mutationFn: ({ count, filters, key }: { count: number; filters: AdmissionFilters; key: string }) =>
      api.post<AdmissionProgress>(`${BASE}/admissions`, { count, ...filters }, { headers: { 'Idempotency-Key': key } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'waitlist'] }),
  });
}

/** Who an admission of `count` would let in now, and how many it passes over (held back, left out). */
export function useAdmissionPreview(count: number, filters: AdmissionFilters, enabled = true) {
  return useQuery({
    queryKey: ['admin', 'waitlist', 'admission-preview', { count, ...filters }],
    queryFn: ({ signal }) =>
      api.get<AdmissionPreview>(`${BASE}/admissions/preview`, {
        params: { count, withoutDisposable: filters.withoutDisposable || undefined, withoutHeldReferrals: filters.withoutHeldReferrals || undefined },
        signal,
      }),
    enabled: enabled && Number.isInteger(count) && count >= 1 && count <= 10_000,
    placeholderData: keepPreviousData,
  });
}

/**
 * The admission still giving out codes and invites, whoever started it: asked every second while
 * one runs, and every five otherwise, so a reload or another staff member's screen shows it too.
 */
export function useRunningAdmission() {
  return useQuery({
    queryKey: ['admin', 'waitlist', 'admission-running'],
    queryFn: async ({ signal }) => (await api.get<{ admission: AdmissionProgress | null }>(`${BASE}/admissions/running`, { signal })).admission,
    refetchInterval: (query) => (query.state.data ? 1000 : 5000),
  });
}

/** An admission's progress, asked every second until every invite is out. */
export function useAdmissionProgress(id: string | null) {
  return useQuery({
    queryKey: ['admin', 'waitlist', 'admission', id],
    queryFn: ({ signal }) => api.get<AdmissionProgress>(`${BASE}/admissions/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'done' ? false : 1000),
  });
}

/** Staff's decision on a referral held for review (status flagged). */
/**
 * Staff's decision on a referral held for review, said in a toast. The toast is the mutation's
 * own, not the caller's: the list row that asked is gone once the referral is no longer held.
 */
export function useReviewReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'waitlist', 'review'],
    mutationFn: ({ id, decision }: { id: string; decision: 'credit' | 'reject'; email: string }) =>
      api.post<ApiSchema<'ReferralReviewResultDto'>>(`${BASE}/${encodeURIComponent(id)}/referral`, { decision }),
    onSuccess: (_, { decision, email }) => notify.success(decision === 'credit' ? 'Referral credited' : 'Referral rejected', email),
    onError: (error) => notify.error('Review failed', errorMessage(error)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'waitlist'] }),
  });
}

export type TopReferrer = ApiSchema<'TopReferrerDto'>;
export type ReferralReviewOutcome = ApiSchema<'ReferralReviewOutcomeDto'>['outcome'];
/** How many top referrers the board shows (the API takes 1 to 100). */
export const LEADERBOARD_SIZES = [25, 50, 100] as const;

/** The top referrers: most credited referrals first (ties in list order), with their pending and held referrals. */
export function useLeaderboard(limit: number) {
  return useQuery({
    queryKey: ['admin', 'waitlist', 'leaderboard', limit],
    queryFn: ({ signal }) => api.get<ApiSchema<'LeaderboardDto'>>(`${BASE}/leaderboard`, { params: { limit }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

/** Several held referrals credited or rejected at once, with a reason: the answer says what became of each. */
export function useReviewReferrals() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'waitlist', 'review-many'],
    mutationFn: (body: ApiSchema<'ReferralsReviewDto'>) => api.post<ApiSchema<'ReferralsReviewResultDto'>>(`${BASE}/referrals/review`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'waitlist'] }),
  });
}

export type MemberView = ApiSchema<'MemberViewDto'>;

/** A member's view (opened from the list). */
/**
 * A member's view. `awaitEmailsBeyond`: after staff sent them something, asked every second until
 * the mail log holds more than that many emails to them (the worker writes it a moment later).
 */
export function useMember(id: string | null, awaitEmailsBeyond: number | null = null) {
  return useQuery({
    queryKey: ['admin', 'waitlist', 'member', id],
    queryFn: ({ signal }) => api.get<MemberView>(`${BASE}/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) =>
      awaitEmailsBeyond !== null && (query.state.data?.emails.length ?? 0) <= awaitEmailsBeyond && query.state.dataUpdateCount < 15 ? 1000 : false,
  });
}

/** Sends an unconfirmed member's confirmation link again. */
export function useResendConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'waitlist', 'resend-confirmation'],
    mutationFn: (id: string) => api.post<void>(`${BASE}/${encodeURIComponent(id)}/confirmation`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'waitlist'] }),
  });
}

/** Lets one confirmed member in now, out of turn. */
export function useAdmitNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'waitlist', 'admit-now'],
    mutationFn: (id: string) => api.post<AdmissionProgress>(`${BASE}/${encodeURIComponent(id)}/admission`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'waitlist'] }),
  });
}

export type ImportProgress = ApiSchema<'ImportProgressDto'>;

export interface ImportOptions {
  welcome: boolean;
  doubleOptIn: boolean;
}

/** Uploads a CSV to import (the options in the query, so the server has them whatever the parts' order). */
export function useStartImport() {
  return useMutation({
    mutationKey: ['admin', 'waitlist', 'import'],
    // The key (one per form) makes a second submit of the same form the same import.
    mutationFn: ({ file, options, key }: { file: File; options: ImportOptions; key: string }) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<ImportProgress>(`${BASE}/import`, form, {
        params: { welcome: options.welcome, doubleOptIn: options.doubleOptIn },
        headers: { 'Idempotency-Key': key },
      });
    },
  });
}

/** An import's progress, asked every second until it has finished. */
export function useImportProgress(id: string | null) {
  return useQuery({
    queryKey: ['admin', 'waitlist', 'import', id],
    queryFn: ({ signal }) => api.get<ImportProgress>(`${BASE}/import/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.finishedAt || query.state.error ? false : 1000),
  });
}

/** The list and its counts again, with an import's members. */
export function useRefreshMembers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['admin', 'waitlist', 'members'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'waitlist', 'statuses'] }),
    ]);
}
