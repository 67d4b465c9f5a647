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
/** A featured image and its alt text (null: none). */
export interface PostImage {
  url: string | null;
  alt: string | null;
}

/** Only the fields that changed; `restoredFrom` when the edit restored an earlier revision (its event id). */
export const ResourcePostEdited = defineEvent<Partial<PostFields> & PostRef & { restoredFrom?: string }>('resource-post.edited');
/**
 * Changes to a published post kept as an unpublished revision: readers still see the published
 * version until an editor updates the post. Every field, so the revision can be shown and restored alone.
 */
export const ResourcePostRevisionSaved = defineEvent<PostRef & { fields: PostFields; image: PostImage; restoredFrom?: string }>('resource-post.revision-saved');
/** The unpublished revision is dropped (the editor discarded it, or updated the post to other words). */
export const ResourcePostRevisionDiscarded = defineEvent<PostRef>('resource-post.revision-discarded');
/** A draft's preview link (/p/{previewId}): unguessable, and answers only while the post is a draft. */
export const ResourcePostPreviewLinkCreated = defineEvent<PostRef & { previewId: string }>('resource-post.preview-link-created');
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
