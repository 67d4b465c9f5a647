import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ADMIN_QUERY_KEY } from '@/features/admin/shell/api/admin-queries';
import type { AdminResourcePost, ResourcePost, ResourcePostInput, ResourcePostSummary, ResourceRevision, ResourceRevisionDetail } from '../types';

// The staff's resource calls (spec §7 "Tables": admin list, editor load, publish, feature, save,
// insert, delete; "Storage", the cropped image, is the shell's: shell/api/images.ts). Writes carry
// the CSRF header (lib/api-client).

const BASE = '/api/admin/resources';
export const ADMIN_RESOURCES_KEY = [...ADMIN_QUERY_KEY, 'resources'] as const;

const postPath = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

function replaceIn(posts: ResourcePostSummary[] | undefined, updated: ResourcePostSummary): ResourcePostSummary[] | undefined {
  return posts?.map((post) => (post.id === updated.id ? updated : post));
}

export function useAdminResources() {
  return useQuery({
    queryKey: ADMIN_RESOURCES_KEY,
    queryFn: async ({ signal }) => (await api.get<{ posts: ResourcePostSummary[] }>(BASE, { signal })).posts,
  });
}

export function useAdminResource(id: string | null) {
  return useQuery({
    queryKey: [...ADMIN_RESOURCES_KEY, id],
    queryFn: ({ signal }) => api.get<AdminResourcePost>(postPath(id ?? ''), { signal }),
    enabled: id !== null,
    // The editor starts from what the server has now, not a cached copy.
    staleTime: 0,
    gcTime: 0,
  });
}

/** Publish or unpublish one post (spec §4 "Post": publishing sets published_at to now, unpublishing clears it). */
export function usePublishResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...ADMIN_RESOURCES_KEY, 'publish'],
    mutationFn: ({ id, published }: { id: string; published: boolean }) => api.post<ResourcePost>(`${postPath(id)}/publish`, { published }),
    onSuccess: (updated) => {
      queryClient.setQueryData<ResourcePostSummary[]>(ADMIN_RESOURCES_KEY, (posts) => replaceIn(posts, updated));
      void queryClient.invalidateQueries({ queryKey: ADMIN_RESOURCES_KEY, exact: true });
    },
  });
}

/** Feature or unfeature one post; featuring one unfeatures every other (spec §4 "Post"). */
export function useFeatureResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...ADMIN_RESOURCES_KEY, 'feature'],
    mutationFn: ({ id, featured }: { id: string; featured: boolean }) => api.post<ResourcePost>(`${postPath(id)}/feature`, { featured }),
    onSuccess: (updated) => {
      queryClient.setQueryData<ResourcePostSummary[]>(ADMIN_RESOURCES_KEY, (posts) =>
        posts?.map((post) => (post.id === updated.id ? updated : updated.is_featured ? { ...post, is_featured: false } : post)),
      );
      void queryClient.invalidateQueries({ queryKey: ADMIN_RESOURCES_KEY, exact: true });
    },
  });
}

export function useDeleteResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...ADMIN_RESOURCES_KEY, 'delete'],
    mutationFn: (id: string) => api.delete<void>(postPath(id)),
    onSuccess: (_result, id) => {
      queryClient.setQueryData<ResourcePostSummary[]>(ADMIN_RESOURCES_KEY, (posts) => posts?.filter((post) => post.id !== id));
      void queryClient.invalidateQueries({ queryKey: ADMIN_RESOURCES_KEY, exact: true });
    },
  });
}

/** Create (no id) or save a post. */
export function useSaveResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...ADMIN_RESOURCES_KEY, 'save'],
    mutationFn: ({ id, input }: { id: string | null; input: ResourcePostInput }) =>
      id ? api.put<ResourcePost>(postPath(id), input) : api.post<ResourcePost>(BASE, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ADMIN_RESOURCES_KEY, exact: true }),
  });
}

// --- revisions and preview links ---

const revisionsKey = (id: string) => [...ADMIN_RESOURCES_KEY, id, 'revisions'] as const;

/** The last 50 revisions of a post, newest first. */
export function useRevisions(id: string) {
  return useQuery({
    queryKey: revisionsKey(id),
    queryFn: ({ signal }) => api.get<{ revisions: ResourceRevision[]; total: number }>(`${postPath(id)}/revisions`, { signal }),
  });
}

export function useRevision(id: string, revisionId: string | null) {
  return useQuery({
    queryKey: [...revisionsKey(id), revisionId],
    queryFn: ({ signal }) => api.get<ResourceRevisionDetail>(`${postPath(id)}/revisions/${encodeURIComponent(revisionId ?? '')}`, { signal }),
    enabled: revisionId !== null,
  });
}

/** After a revision changes: the editor's post, its history and the list load again. */
function useRevisionChanged() {
  const queryClient = useQueryClient();
  return (post: AdminResourcePost) => {
    queryClient.setQueryData([...ADMIN_RESOURCES_KEY, post.id], post);
    void queryClient.invalidateQueries({ queryKey: revisionsKey(post.id) });
    void queryClient.invalidateQueries({ queryKey: ADMIN_RESOURCES_KEY, exact: true });
  };
}

/** Keeps changes to a published post as an unpublished revision. */
export function useSaveRevision() {
  const changed = useRevisionChanged();
  return useMutation({
    mutationKey: [...ADMIN_RESOURCES_KEY, 'save-revision'],
    mutationFn: ({ id, input }: { id: string; input: ResourcePostInput }) => api.post<AdminResourcePost>(`${postPath(id)}/revisions`, input),
    onSuccess: changed,
  });
}

export function useDiscardRevision() {
  const changed = useRevisionChanged();
  return useMutation({
    mutationKey: [...ADMIN_RESOURCES_KEY, 'discard-revision'],
    mutationFn: (id: string) => api.delete<AdminResourcePost>(`${postPath(id)}/revisions/unpublished`),
    onSuccess: changed,
  });
}

/** Restores a revision as a new save (a published post's as its unpublished revision). */
export function useRestoreRevision() {
  const changed = useRevisionChanged();
  return useMutation({
    mutationKey: [...ADMIN_RESOURCES_KEY, 'restore-revision'],
    mutationFn: ({ id, revisionId }: { id: string; revisionId: string }) =>
      api.post<AdminResourcePost>(`${postPath(id)}/revisions/${encodeURIComponent(revisionId)}/restore`),
    onSuccess: changed,
  });
}

/** A draft's preview link (the same one every time). */
export function usePreviewLink() {
  return useMutation({
    mutationKey: [...ADMIN_RESOURCES_KEY, 'preview-link'],
    mutationFn: (id: string) => api.post<{ preview_id: string; url: string }>(`${postPath(id)}/preview-link`),
  });
}
