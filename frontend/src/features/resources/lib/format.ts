import type { PostSummary } from '../types';

// Spec §9: dates in the US long format ('November 21, 2026'); read time = words / 200, rounded up
// (the server computes it); the featured card shows 3 tags, a grid card 2.

export const FEATURED_TAGS = 3;
export const CARD_TAGS = 2;

const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

export function formatLongDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : longDate.format(date);
}

/** The date a reader sees: when the post was published (a published post always has one). */
export function postDate(post: PostSummary): string {
  return post.published_at ?? post.created_at;
}

export function readTimeLabel(minutes: number): string {
  return `${Math.max(1, minutes)} min read`;
}
