import { brandName } from '@/lib/brand';
import type { AdminResourcePost, ResourcePost, ResourcePostInput, ResourceRevisionText } from '../types';

// The editor's form (spec §2 "Admin resource editor", §5 "Resource save or publish", "Slug",
// "Meta title and description", "Tags") and its unsaved local copy.

export interface ResourceForm {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  tags: string[];
  featuredImageUrl: string;
  featuredImageAlt: string;
  authorName: string;
  authorImageUrl: string;
  authorBio: string;
  metaTitle: string;
  metaDescription: string;
  isPublished: boolean;
  isFeatured: boolean;
  /** A `datetime-local` value (the editor's own time zone), or ''. */
  scheduledPublishAt: string;
}

/** Spec §3: the author defaults to the team name. */
export const DEFAULT_AUTHOR = `${brandName} Team`;

/** The server's limits (ResourcePostInputDto): the fields stop there and say so. */
export const TITLE_LIMIT = 200;
export const TAGS_LIMIT = 20;
export const TAG_LENGTH_LIMIT = 50;

export type RefusedField = 'title' | 'slug' | 'tags' | 'excerpt';

/** Which field a refused save's message is about (the server's own words, ResourcePostInputDto). */
export function fieldOfServerMessage(message: string): RefusedField | null {
  if (/^Title\b/.test(message)) return 'title';
  if (/\btags?\b/i.test(message)) return 'tags';
  if (/^Slug\b/.test(message)) return 'slug';
  if (/^Excerpt\b/.test(message)) return 'excerpt';
  return null;
}

/** Lengths search engines show in full; the counters turn to a warning beyond them. */
export const META_TITLE_LIMIT = 60;
export const META_DESCRIPTION_LIMIT = 160;

export function emptyForm(): ResourceForm {
  return {
    title: '',
    slug: '',
    excerpt: '',
    content: '',
    tags: [],
    featuredImageUrl: '',
    featuredImageAlt: '',
    authorName: DEFAULT_AUTHOR,
    authorImageUrl: '',
    authorBio: '',
    metaTitle: '',
    metaDescription: '',
    isPublished: false,
    isFeatured: false,
    scheduledPublishAt: '',
  };
}

export function formFromPost(post: ResourcePost): ResourceForm {
  return {
    ...formFromRevisionText(post),
    isPublished: post.is_published,
    isFeatured: post.is_featured,
    scheduledPublishAt: toLocalInput(post.scheduled_publish_at),
  };
}

/** The form the editor opens with: a published post's unpublished revision when one waits, else the post. */
export function formForEditor(post: AdminResourcePost): ResourceForm {
  const pending = post.pending_revision;
  return pending ? { ...formFromPost(post), ...formFromRevisionText(pending.text) } : formFromPost(post);
}

/** The written fields of a revision (or of a post: it has the same), as the form holds them. */
export function formFromRevisionText(text: ResourceRevisionText): Omit<ResourceForm, 'isPublished' | 'isFeatured' | 'scheduledPublishAt'> {
  return {
    title: text.title,
    slug: text.slug,
    excerpt: text.excerpt ?? '',
    content: text.content,
    tags: text.tags,
    featuredImageUrl: text.featured_image_url ?? '',
    featuredImageAlt: text.featured_image_alt ?? '',
    authorName: text.author_name,
    authorImageUrl: text.author_image_url ?? '',
    authorBio: text.author_bio ?? '',
    metaTitle: text.meta_title ?? '',
    metaDescription: text.meta_description ?? '',
  };
}

const orNull = (value: string) => value.trim() || null;

/** What a save sends. `publish` is the Publish button: the post is published (spec §4 "Post"). */
export function inputFromForm(form: ResourceForm, publish: boolean): ResourcePostInput {
  const isPublished = publish || form.isPublished;
  return {
    title: form.title.trim(),
    slug: slugify(form.slug) || slugify(form.title),
    excerpt: orNull(form.excerpt),
    content: form.content,
    tags: form.tags,
    featured_image_url: orNull(form.featuredImageUrl),
    featured_image_alt: orNull(form.featuredImageAlt),
    author_name: form.authorName.trim() || DEFAULT_AUTHOR,
    author_image_url: orNull(form.authorImageUrl),
    author_bio: orNull(form.authorBio),
    // Spec §5: the meta title and description default to the title and excerpt while empty.
    meta_title: orNull(form.metaTitle) ?? form.title.trim(),
    meta_description: orNull(form.metaDescription) ?? orNull(form.excerpt),
    is_published: isPublished,
    is_featured: form.isFeatured,
    scheduled_publish_at: !isPublished && form.scheduledPublishAt ? new Date(form.scheduledPublishAt).toISOString() : null,
  };
}

/** Spec §5 "Slug": lowercase, non-alphanumeric characters removed, whitespace runs become hyphens (hyphens kept). */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/[\s-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Spec §5 "Tags": trimmed; ignored when empty or already there. */
export function addTag(tags: string[], value: string): string[] {
  const tag = value.trim();
  if (!tag || tags.includes(tag)) return tags;
  return [...tags, tag];
}

/** An ISO instant as a `datetime-local` value in this browser's time zone. */
export function toLocalInput(value: string | null): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

// The unsaved local copy: every change is kept in localStorage under the post's id ('new' while
// creating) until the post is saved, so a reload or a crash never loses writing.

interface LocalCopy {
  form: ResourceForm;
  savedAt: string;
}

const localKey = (id: string | null) => `swishly:resource-draft:${id ?? 'new'}`;

export function readLocalCopy(id: string | null): LocalCopy | null {
  try {
    const raw = window.localStorage.getItem(localKey(id));
    if (!raw) return null;
    const copy = JSON.parse(raw) as Partial<LocalCopy>;
    if (!copy.form || typeof copy.savedAt !== 'string') return null;
    return { form: { ...emptyForm(), ...copy.form }, savedAt: copy.savedAt };
  } catch {
    return null;
  }
}

export function writeLocalCopy(id: string | null, form: ResourceForm): void {
  try {
    window.localStorage.setItem(localKey(id), JSON.stringify({ form, savedAt: new Date().toISOString() } satisfies LocalCopy));
  } catch {
    // Storage full or blocked (private mode): the editor still works, only without the safety copy.
  }
}

export function clearLocalCopy(id: string | null): void {
  try {
    window.localStorage.removeItem(localKey(id));
  } catch {
    // Nothing to clear.
  }
}

export function sameForm(a: ResourceForm, b: ResourceForm): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
