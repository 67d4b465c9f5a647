import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';

// The audit log (GET /api/admin/audit): what staff did, newest first, 50 a page with a keyset
// cursor, narrowed to a staff member and an action.

export type AuditEntry = ApiSchema<'AuditEntryDto'>;

export type AuditPage = ApiSchema<'AuditPageDto'>;

export type AuditAction = ApiSchema<'AuditActionDto'>;

/** A staff account, as the Who filter lists it. */
export type AuditActor = Pick<ApiSchema<'StaffMemberDto'>, 'id' | 'email'>;

export interface AuditFilters {
  actor: string | null;
  action: string | null;
}

const BASE = '/api/admin/audit';
const AUDIT_KEY = ['admin', 'audit'] as const;

export function useAuditLog({ actor, action }: AuditFilters) {
  return useInfiniteQuery({
    queryKey: [...AUDIT_KEY, 'entries', { actor, action }],
    queryFn: ({ pageParam, signal }) =>
      api.get<AuditPage>(BASE, { params: { actor: actor ?? undefined, action: action ?? undefined, cursor: pageParam ?? undefined }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 5_000,
  });
}

/** The actions the log knows, for the What filter. */
export function useAuditActions() {
  return useQuery({
    queryKey: [...AUDIT_KEY, 'actions'],
    queryFn: async ({ signal }) => (await api.get<ApiSchema<'AuditActionsDto'>>(`${BASE}/actions`, { signal })).actions,
    staleTime: 5 * 60_000,
  });
}

/** The team's accounts, for the Who filter (the staff list's endpoint: the same roles read both). */
export function useAuditActors() {
  return useQuery({
    queryKey: [...AUDIT_KEY, 'actors'],
    queryFn: async ({ signal }) => (await api.get<{ staff: AuditActor[] }>('/api/admin/staff', { signal })).staff,
    staleTime: 60_000,
  });
}
