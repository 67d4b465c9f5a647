import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';
import { ADMIN_QUERY_KEY } from '@/features/admin/shell/api/admin-queries';
import { storeSession } from './auth';

// The signed-in account's second factor (an authenticator app and ten recovery codes), and the
// setting that requires one of every staff account. Shapes: openapi.json.

export type SecondFactorStatus = ApiSchema<'SecondFactorStatusDto'>;
export type TotpSetup = ApiSchema<'TotpSetupDto'>;
export type TotpConfirmed = ApiSchema<'TotpConfirmedDto'>;
export type SecuritySettings = ApiSchema<'SecuritySettingsDto'>;

const STATUS_KEY = [...ADMIN_QUERY_KEY, 'second-factor'] as const;
const SECURITY_SETTINGS_KEY = [...ADMIN_QUERY_KEY, 'settings', 'security'] as const;

export function useSecondFactorStatus() {
  return useQuery({ queryKey: STATUS_KEY, queryFn: () => api.get<SecondFactorStatus>('/api/auth/mfa') });
}

/** A new secret for the app (QR code and text); also with a pending sign-in that must set it up. */
export function useStartTotpSetup() {
  return useMutation({
    mutationKey: ['auth', 'second-factor', 'setup'],
    mutationFn: () => api.post<TotpSetup>('/api/auth/mfa/totp'),
  });
}

/** The app's first code turns the factor on: ten recovery codes (and, at a forced set-up, the session). */
export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'second-factor', 'confirm'],
    mutationFn: (code: string) => api.post<TotpConfirmed>('/api/auth/mfa/totp/confirm', { code }),
    onSuccess: (answer) => {
      if (answer.signedIn) storeSession(queryClient, answer.signedIn);
      void queryClient.invalidateQueries({ queryKey: STATUS_KEY });
    },
  });
}

export function useTurnOffSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'second-factor', 'disable'],
    mutationFn: (code: string) => api.post<SecondFactorStatus>('/api/auth/mfa/totp/disable', { code }),
    onSuccess: (status) => queryClient.setQueryData(STATUS_KEY, status),
  });
}

export function useRegenerateRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'second-factor', 'recovery-codes'],
    mutationFn: (code: string) => api.post<ApiSchema<'RecoveryCodesDto'>>('/api/auth/mfa/recovery-codes', { code }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: STATUS_KEY }),
  });
}

export function useSecuritySettings() {
  return useQuery({ queryKey: SECURITY_SETTINGS_KEY, queryFn: () => api.get<SecuritySettings>('/api/admin/settings/security') });
}

export function useUpdateSecuritySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'settings', 'security'],
    mutationFn: (settings: SecuritySettings) => api.put<SecuritySettings>('/api/admin/settings/security', settings),
    onSuccess: (settings) => {
      queryClient.setQueryData(SECURITY_SETTINGS_KEY, settings);
      void queryClient.invalidateQueries({ queryKey: STATUS_KEY });
    },
  });
}
