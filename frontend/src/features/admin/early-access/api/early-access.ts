import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';

// Early access (spec §2 "Early access page", §4 "Early access", §5 "Early access code create",
// shapes: openapi.json).

export type EarlyAccessSettings = ApiSchema<'EarlyAccessSettingsResponseDto'>;

export type EarlyAccessCode = ApiSchema<'EarlyAccessCodeDto'>;

export type CreateEarlyAccessCodeInput = ApiSchema<'CreateEarlyAccessCodeDto'>;

const BASE = '/api/admin/early-access';
export const EARLY_ACCESS_SETTINGS_KEY = ['admin', 'early-access', 'settings'] as const;
export const EARLY_ACCESS_CODES_KEY = ['admin', 'early-access', 'codes'] as const;

export function useEarlyAccessSettings() {
  return useQuery({
    queryKey: EARLY_ACCESS_SETTINGS_KEY,
    queryFn: ({ signal }) => api.get<EarlyAccessSettings>(`${BASE}/settings`, { signal }),
  });
}

export function useUpdateEarlyAccessSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'early-access', 'settings', 'update'],
    mutationFn: (isOpen: boolean) => api.put<EarlyAccessSettings>(`${BASE}/settings`, { isOpen }),
    onSuccess: (settings) => queryClient.setQueryData(EARLY_ACCESS_SETTINGS_KEY, settings),
  });
}

export function useEarlyAccessCodes() {
  return useQuery({
    queryKey: EARLY_ACCESS_CODES_KEY,
    queryFn: ({ signal }) => api.get<EarlyAccessCode[]>(`${BASE}/codes`, { signal }),
  });
}

export function useCreateEarlyAccessCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'early-access', 'codes', 'create'],
    mutationFn: (input: CreateEarlyAccessCodeInput) => api.post<EarlyAccessCode>(`${BASE}/codes`, input),
    onSuccess: (created) => {
      queryClient.setQueryData<EarlyAccessCode[]>(EARLY_ACCESS_CODES_KEY, (codes) =>
        codes ? [created, ...codes.filter((code) => code.id !== created.id)] : codes,
      );
      void queryClient.invalidateQueries({ queryKey: EARLY_ACCESS_CODES_KEY });
    },
  });
}

export function useDeleteEarlyAccessCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'early-access', 'codes', 'delete'],
    mutationFn: (id: string) => api.delete<void>(`${BASE}/codes/${encodeURIComponent(id)}`),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<EarlyAccessCode[]>(EARLY_ACCESS_CODES_KEY, (codes) => codes?.filter((code) => code.id !== id));
      void queryClient.invalidateQueries({ queryKey: EARLY_ACCESS_CODES_KEY });
    },
  });
}
