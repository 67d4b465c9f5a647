import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, errorMessage } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';
import { SESSION_QUERY_KEY } from '@/features/admin/shell/api/admin-queries';

// The team (GET /api/admin/staff): staff accounts with their role, and the invitations not yet
// accepted; inviting, resending and revoking an invitation, changing a role, removing an account.

export type StaffMember = ApiSchema<'StaffMemberDto'>;

export type Invitation = ApiSchema<'StaffInvitationDto'>;

export type StaffList = ApiSchema<'StaffTeamDto'>;

export type InviteInput = ApiSchema<'InviteStaffDto'>;

const BASE = '/api/admin/staff';
export const STAFF_KEY = ['admin', 'staff'] as const;

export function useStaff() {
  return useQuery({
    queryKey: STAFF_KEY,
    queryFn: ({ signal }) => api.get<StaffList>(BASE, { signal }),
  });
}

function useStaffMutation<Input, Result>(name: string, call: (input: Input) => Promise<Result>, onSuccess?: (result: Result, input: Input) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...STAFF_KEY, name],
    mutationFn: call,
    onSuccess: (result, input) => {
      onSuccess?.(result, input);
      return queryClient.invalidateQueries({ queryKey: STAFF_KEY });
    },
  });
}

export function useInvite() {
  return useStaffMutation('invite', (input: InviteInput) => api.post<Invitation>(`${BASE}/invitations`, input));
}

export function useResendInvitation() {
  return useStaffMutation('resend', (id: string) => api.post<Invitation>(`${BASE}/invitations/${encodeURIComponent(id)}/resend`));
}

export function useRevokeInvitation() {
  return useStaffMutation('revoke', (id: string) => api.delete<void>(`${BASE}/invitations/${encodeURIComponent(id)}`));
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useStaffMutation(
    'role',
    ({ member, role }: { member: StaffMember; role: StaffMember['role'] }) => api.patch<StaffMember>(`${BASE}/${encodeURIComponent(member.id)}`, { role }),
    (updated, { member }) => {
      queryClient.setQueryData<StaffList>(STAFF_KEY, (list) => list && { ...list, staff: list.staff.map((one) => (one.id === updated.id ? updated : one)) });
      // One's own new role changes what the admin offers: the session says what.
      if (member.you) void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    },
  );
}

export function useRemoveStaff() {
  return useStaffMutation('remove', (id: string) => api.delete<void>(`${BASE}/${encodeURIComponent(id)}`));
}

/** The server's refusals of a team change, in words; anything else as the server said it. */
const REFUSALS: Record<string, string> = {
  already_staff: 'That person already has a staff account.',
  already_invited: 'That person already has an invitation waiting: resend it from the list instead.',
  owners_only: 'Only an owner can invite, change or remove an owner.',
  last_owner: 'The team needs at least one owner: make someone else an owner first.',
  yourself: 'You can’t remove your own account. Another owner or admin can.',
};

export function staffErrorMessage(error: unknown): string {
  if (error instanceof ApiError && REFUSALS[error.code]) return REFUSALS[error.code];
  return errorMessage(error);
}
