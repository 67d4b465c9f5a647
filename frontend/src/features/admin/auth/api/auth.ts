import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';
import { ADMIN_QUERY_KEY, SESSION_QUERY_KEY } from '@/features/admin/shell/api/admin-queries';

// Staff sign-in (spec §2 "Admin login", §4 "Admin login modes"; shapes: openapi.json).
// The session lives in an HttpOnly cookie; the client only ever asks the server whether it
// is signed in (GET /api/auth/session -> 200 or 401).

export { SESSION_QUERY_KEY };

export type AdminUser = ApiSchema<'AdminUserDto'>;

export type AdminSession = ApiSchema<'SessionDto'>;

export type LoginInput = ApiSchema<'SignInDto'>;

export type ResetPasswordInput = ApiSchema<'ResetPasswordDto'>;

export type ChangePasswordInput = ApiSchema<'ChangePasswordDto'>;

export type SignedIn = ApiSchema<'SignedInDto'>;

/**
 * A sign-in's answer (login, password reset, an accepted invitation): the session, or that the account's second step is
 * needed: a code (`mfaRequired`) or, when every account must have a factor, its set-up
 * (`mfaSetupRequired`). The pending sign-in lives in an HttpOnly cookie for a few minutes.
 */
export type SignInAnswer = SignedIn | ApiSchema<'SecondFactorRequiredDto'> | ApiSchema<'SecondFactorSetupRequiredDto'>;

/** What a sign-in still needs: nothing (signed in), a code, or the factor's set-up. */
export type SecondStep = 'code' | 'setup';

export function secondStepOf(answer: SignInAnswer): SecondStep | null {
  if ('mfaRequired' in answer) return 'code';
  if ('mfaSetupRequired' in answer) return 'setup';
  return null;
}

export function fetchSession(): Promise<AdminSession> {
  return api.get<AdminSession>('/api/auth/session');
}

/** The current staff session; errors with a 401 ApiError when signed out. Never retried. */
export function useSession({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: fetchSession,
    retry: false,
    staleTime: 60_000,
    enabled,
  });
}

/** A fresh session from the server (login, reset, password change, an accepted invitation): no need to ask again. */
export function storeSession(queryClient: QueryClient, { user, permissions, expiresAt }: AdminSession): void {
  queryClient.setQueryData<AdminSession>(SESSION_QUERY_KEY, { user, permissions, expiresAt });
}

/** Forgets the session and every piece of admin data held in the cache. */
export function clearAdminCache(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: ADMIN_QUERY_KEY });
  queryClient.removeQueries({ queryKey: SESSION_QUERY_KEY });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'login'],
    mutationFn: (input: LoginInput) => api.post<SignInAnswer>('/api/auth/login', input),
    onSuccess: (answer) => {
      // Another person's data may still be cached from an earlier session in this tab.
      queryClient.removeQueries({ queryKey: ADMIN_QUERY_KEY });
      if (secondStepOf(answer) === null) storeSession(queryClient, answer as SignedIn);
    },
  });
}

/** The sign-in's second step: a code from the authenticator app, or a recovery code. */
export function useLoginSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'login', 'second-factor'],
    mutationFn: (code: string) => api.post<SignedIn>('/api/auth/login/mfa', { code }),
    onSuccess: (session) => storeSession(queryClient, session),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'logout'],
    mutationFn: () => api.post<void>('/api/auth/logout'),
    onSettled: () => clearAdminCache(queryClient),
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationKey: ['auth', 'forgot-password'],
    mutationFn: (email: string) => api.post<{ ok: true }>('/api/auth/forgot-password', { email }),
  });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'reset-password'],
    mutationFn: (input: ResetPasswordInput) => api.post<SignInAnswer>('/api/auth/reset-password', input),
    onSuccess: (answer) => {
      queryClient.removeQueries({ queryKey: ADMIN_QUERY_KEY });
      if (secondStepOf(answer) === null) storeSession(queryClient, answer as SignedIn);
    },
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'change-password'],
    mutationFn: (input: ChangePasswordInput) => api.post<ApiSchema<'SignedInDto'>>('/api/admin/password', input),
    onSuccess: (session) => storeSession(queryClient, session),
  });
}

/** What an invitation link offers: the address it was sent to and the role it gives. */
export type InvitationOffer = ApiSchema<'InvitationDetailsDto'>;

export type AcceptInvitationInput = ApiSchema<'AcceptInvitationDto'>;

/** The invitation behind a link's token; errors with 400 invalid_invitation when it expired or was used. */
export function useInvitationCheck(token: string | null) {
  return useQuery({
    queryKey: ['auth', 'invitation', token],
    queryFn: () => api.post<InvitationOffer>('/api/auth/invitations/check', { token }),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
}

/**
 * Accepts an invitation with the new account's password: signs the new staff member in, or, when
 * every account must have a second factor, answers that its set-up comes first (like a sign-in).
 */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'accept-invitation'],
    mutationFn: (input: AcceptInvitationInput) => api.post<SignInAnswer>('/api/auth/invitations/accept', input),
    onSuccess: (answer) => {
      queryClient.removeQueries({ queryKey: ADMIN_QUERY_KEY });
      if (secondStepOf(answer) === null) storeSession(queryClient, answer as SignedIn);
    },
  });
}
