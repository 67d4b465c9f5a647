import { defineEvent } from '@swishly/platform';

export const RESOURCE_POST_STREAM = 'resource-post';

/** What staff write in the editor (spec §3 "Blog post"); content is sanitised HTML. */
export interface PostFields {
  slug: string;
  title: string;
  excerpt: string | null;
  content: string;
  tags: string[];
  authorName: string;
  authorImageUrl: string | null;
  authorBio: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
}

type PostRef = { postId: string };

export const ResourcePostCreated = defineEvent<PostFields & PostRef>('resource-post.created');
/** Only the fields that changed. */
export const ResourcePostEdited = defineEvent<Partial<PostFields> & PostRef>('resource-post.edited');
export const ResourcePostImageSet = defineEvent<PostRef & { url: string | null; alt: string | null }>('resource-post.image-set');
/** Sets published_at; clears a pending schedule. `scheduledFor` when the worker published it on schedule. */
export const ResourcePostPublished = defineEvent<PostRef & { publishedAt: string; scheduledFor?: string }>('resource-post.published');
/** Clears published_at, and a pending schedule too (else the worker would publish it again). */
export const ResourcePostUnpublished = defineEvent<PostRef>('resource-post.unpublished');
/** Appended together with ResourcePostUnfeatured for the post featured before (one featured post at a time). */
export const ResourcePostFeatured = defineEvent<PostRef>('resource-post.featured');
export const ResourcePostUnfeatured = defineEvent<PostRef>('resource-post.unfeatured');
/** A future publish time (the worker publishes the post then), or null to cancel it. */
export const ResourcePostScheduled = defineEvent<PostRef & { publishAt: string | null }>('resource-post.scheduled');
export const ResourcePostDeleted = defineEvent<PostRef & { slug: string; imageUrl: string | null }>('resource-post.deleted');
