import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';
import { ADMIN_QUERY_KEY } from '@/features/admin/shell/api/admin-queries';

// Staff sign-in (spec §2 "Admin login", §4 "Admin login modes"; shapes: openapi.json).
// The session lives in an HttpOnly cookie; the client only ever asks the server whether it
// is signed in (GET /api/auth/session -> 200 or 401).

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;

export type AdminUser = ApiSchema<'AdminUserDto'>;

export type AdminSession = ApiSchema<'SessionDto'>;

export type LoginInput = ApiSchema<'SignInDto'>;

export type ResetPasswordInput = ApiSchema<'ResetPasswordDto'>;

export type ChangePasswordInput = ApiSchema<'ChangePasswordDto'>;

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

/** A fresh session from the server (login, reset, password change): no need to ask again. */
function storeSession(queryClient: QueryClient, session: AdminSession): void {
  queryClient.setQueryData(SESSION_QUERY_KEY, session);
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
    mutationFn: (input: LoginInput) => api.post<ApiSchema<'SignedInDto'>>('/api/auth/login', input),
    onSuccess: (session) => {
      // Another person's data may still be cached from an earlier session in this tab.
      queryClient.removeQueries({ queryKey: ADMIN_QUERY_KEY });
      storeSession(queryClient, session);
    },
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
    mutationFn: (input: ResetPasswordInput) => api.post<AdminSession>('/api/auth/reset-password', input),
    onSuccess: (session) => {
      queryClient.removeQueries({ queryKey: ADMIN_QUERY_KEY });
      storeSession(queryClient, session);
    },
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'change-password'],
    mutationFn: (input: ChangePasswordInput) => api.post<AdminSession>('/api/admin/password', input),
    onSuccess: (session) => storeSession(queryClient, session),
  });
}
