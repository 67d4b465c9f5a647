import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';

// API keys (GET /api/admin/api-keys): keys other systems read and add the waitlist's members
// with (/api/v1/members); making one (its key answered once) and revoking one.

export type ApiKey = ApiSchema<'ApiKeyDto'>;

export type ApiKeyScope = ApiKey['scopes'][number];

export type CreateApiKeyInput = ApiSchema<'CreateApiKeyDto'>;

export type CreatedApiKey = ApiSchema<'CreatedApiKeyDto'>;

/** Each scope in words, in the order the server keeps them. */
export const SCOPES: { scope: ApiKeyScope; label: string; description: string }[] = [
  { scope: 'members:read', label: 'Read members', description: 'List the waitlist’s members and read one (GET /api/v1/members).' },
  { scope: 'members:write', label: 'Add members', description: 'Add members as the sign-up form does, with its emails (POST /api/v1/members).' },
];

const BASE = '/api/admin/api-keys';
const API_KEYS_KEY = ['admin', 'api-keys'] as const;

export function useApiKeys() {
  return useQuery({
    queryKey: API_KEYS_KEY,
    queryFn: async ({ signal }) => (await api.get<ApiSchema<'ApiKeysDto'>>(BASE, { signal })).keys,
  });
}

function useApiKeyMutation<Input, Result>(name: string, call: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...API_KEYS_KEY, name],
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });
}

export function useCreateApiKey() {
  return useApiKeyMutation('create', (input: CreateApiKeyInput) => api.post<CreatedApiKey>(BASE, input));
}

export function useRevokeApiKey() {
  return useApiKeyMutation('revoke', (id: string) => api.delete<void>(`${BASE}/${encodeURIComponent(id)}`));
}
