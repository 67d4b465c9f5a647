import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Post, PostSummary } from '../types';

// The public resource calls (spec §7 "Tables": public list, article, related). Only published
// posts ever come back; the list is newest `published_at` first.

export interface ResourceFilters {
  search: string;
  tag: string;
}

const BASE = '/api/resources';

/** One page of the list (GET /api/resources): its posts, the cursor to the next, and from every published post the featured one and the tags. */
export interface ResourcePage {
  posts: PostSummary[];
  next_cursor: string | null;
  featured: PostSummary | null;
  tags: string[];
}

function listResources({ search, tag }: ResourceFilters, after: string | null, signal: AbortSignal): Promise<ResourcePage> {
  return api.get<ResourcePage>(BASE, { params: { search: search || undefined, tag: tag || undefined, after: after ?? undefined }, signal });
}

/** The list a page at a time (keyset paging: each page asks for the posts after the last one shown). */
export function useResources(filters: ResourceFilters) {
  return useInfiniteQuery({
    queryKey: ['resources', 'list', filters],
    queryFn: ({ signal, pageParam }) => listResources(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
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

/** A draft by its preview link; it stops answering once the post is published or deleted. */
export function useResourcePreview(previewId: string) {
  return useQuery({
    queryKey: ['resources', 'preview', previewId],
    queryFn: ({ signal }) => api.get<Post>(`/api/resource-previews/${encodeURIComponent(previewId)}`, { signal }),
    retry: false,
  });
}

export function useRelatedResources(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: ['resources', 'related', slug],
    queryFn: ({ signal }) => api.get<{ posts: PostSummary[] }>(`${BASE}/${encodeURIComponent(slug)}/related`, { signal }).then((body) => body.posts),
    enabled,
  });
}
