import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/lib/api-schemas';

// Creator (influencer) promo codes (spec §2 "Creator codes page", §4 "Creator code",
// §5 "Creator code"; shapes: openapi.json).

export type CreatorCode = ApiSchema<'CreatorCodeDto'>;

export type CreatorCodeInput = ApiSchema<'CreateCreatorCodeDto'>;

export type CreatorCodePatch = ApiSchema<'UpdateCreatorCodeDto'>;

const BASE = '/api/admin/creator-codes';
export const CREATOR_CODES_KEY = ['admin', 'creator-codes'] as const;

function replaceIn(codes: CreatorCode[] | undefined, updated: CreatorCode): CreatorCode[] | undefined {
  return codes?.map((code) => (code.id === updated.id ? updated : code));
}

export function useCreatorCodes() {
  return useQuery({
    queryKey: CREATOR_CODES_KEY,
    queryFn: ({ signal }) => api.get<CreatorCode[]>(BASE, { signal }),
  });
}

export function useCreateCreatorCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'creator-codes', 'create'],
    mutationFn: (input: CreatorCodeInput) => api.post<CreatorCode>(BASE, input),
    onSuccess: (created) => {
      queryClient.setQueryData<CreatorCode[]>(CREATOR_CODES_KEY, (codes) => (codes ? [created, ...codes.filter((code) => code.id !== created.id)] : codes));
      void queryClient.invalidateQueries({ queryKey: CREATOR_CODES_KEY });
    },
  });
}

export function useUpdateCreatorCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'creator-codes', 'update'],
    mutationFn: ({ id, patch }: { id: string; patch: CreatorCodePatch }) => api.patch<CreatorCode>(`${BASE}/${encodeURIComponent(id)}`, patch),
    onSuccess: (updated) => {
      queryClient.setQueryData<CreatorCode[]>(CREATOR_CODES_KEY, (codes) => replaceIn(codes, updated));
      void queryClient.invalidateQueries({ queryKey: CREATOR_CODES_KEY });
    },
  });
}

export function useDeleteCreatorCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'creator-codes', 'delete'],
    mutationFn: (id: string) => api.delete<void>(`${BASE}/${encodeURIComponent(id)}`),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<CreatorCode[]>(CREATOR_CODES_KEY, (codes) => codes?.filter((code) => code.id !== id));
      void queryClient.invalidateQueries({ queryKey: CREATOR_CODES_KEY });
    },
  });
}
