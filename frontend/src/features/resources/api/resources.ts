import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Post, PostSummary } from '../types';

// The public resource calls (spec §7 "Tables": public list, article, related). Only published
// posts ever come back; the list is newest `published_at` first.

export interface ResourceFilters {
  search: string;
  tag: string;
}

const BASE = '/api/resources';

async function listResources({ search, tag }: ResourceFilters, signal: AbortSignal): Promise<PostSummary[]> {
  const body = await api.get<{ posts: PostSummary[] }>(BASE, { params: { search: search || undefined, tag: tag || undefined }, signal });
  return body.posts;
}

export function useResources(filters: ResourceFilters) {
  return useQuery({
    queryKey: ['resources', 'list', filters],
    queryFn: ({ signal }) => listResources(filters, signal),
    // The search re-runs on each change (spec §7); the last answer stays on screen meanwhile.
    placeholderData: keepPreviousData,
  });
}

export function useResource(slug: string) {
  return useQuery({
    queryKey: ['resources', 'post', slug],
    queryFn: ({ signal }) => api.get<Post>(`${BASE}/${encodeURIComponent(slug)}`, { signal }),
  });
}

export function useRelatedResources(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: ['resources', 'related', slug],
    queryFn: ({ signal }) =>
      api.get<{ posts: PostSummary[] }>(`${BASE}/${encodeURIComponent(slug)}/related`, { signal }).then((body) => body.posts),
    enabled,
  });
}
