import { Inject, Injectable } from '@nestjs/common';
import {
  APP_CONFIG,
  AppConfig,
  apiError,
  EventMetadata,
  EventStore,
  EventTransaction,
  ImageRejectedError,
  isUniqueViolation,
  PendingEvent,
  reencodeAsJpeg,
  StorageService,
  isUuid,
} from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { BlogPost } from './entities/blog-post.entity';
import { BlogPostsRepository, type PageCursor } from './blog-posts.repository';
import {
  ResourceListQueryDto,
  ResourcePostDto,
  ResourcePostInputDto,
  ResourcePostPageDto,
  ResourcePostSummaryDto,
  REQUIRED_MESSAGE,
} from './dto/resources.dto';
import { hasContent, sanitizePostHtml } from './html-sanitizer';
import { PublishedPostsCache } from './published-posts.cache';
import {
  PostFields,
  RESOURCE_POST_STREAM,
  ResourcePostCreated,
  ResourcePostDeleted,
  ResourcePostEdited,
  ResourcePostFeatured,
  ResourcePostImageSet,
  ResourcePostPreviewLinkCreated,
  ResourcePostPublished,
  ResourcePostRevisionDiscarded,
  ResourcePostRevisionSaved,
  ResourcePostScheduled,
  ResourcePostUnfeatured,
  ResourcePostUnpublished,
} from './resources.events';
import {
  AdminResourcePostDto,
  ResourcePreviewLinkDto,
  ResourceRevisionDetailDto,
  ResourceRevisionDto,
  ResourceRevisionListDto,
  ResourceRevisionTextDto,
} from './dto/revisions.dto';
import { changedFields, Revision, RevisionContent, RevisionHistory, revisionHistory } from './revisions';
import { slugify, uniqueSlug } from './slug';

/** The emails of staff members by their ids (the admin module knows them). */
export type StaffEmails = (ids: string[]) => Promise<Map<string, string>>;
/** How many revisions the history shows (the newest); all are kept. */
export const REVISIONS_SHOWN = 50;

const stream = (postId: string) => ({ streamType: RESOURCE_POST_STREAM, streamId: postId });
const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const RELATED_POSTS = 3;
export const DEFAULT_PAGE_SIZE = 50;
/** Where uploaded images go in the assets bucket (spec §7 "Storage"). */
const IMAGE_KEY = /^resources\/\d+-cropped\.jpg$/;

export function toPostDto(row: BlogPost): ResourcePostDto {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    tags: row.tags,
    featured_image_url: row.featuredImageUrl,
    featured_image_alt: row.featuredImageAlt,
    author_name: row.authorName,
    author_image_url: row.authorImageUrl,
    author_bio: row.authorBio,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    is_published: row.isPublished,
    is_featured: row.isFeatured,
    published_at: iso(row.publishedAt),
    scheduled_publish_at: iso(row.scheduledPublishAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    read_time_minutes: row.readTimeMinutes,
  };
}

const notFound = () => apiError(404, 'Resource not found.', 'not_found');

function revisionText({ image, ...fields }: RevisionContent): ResourceRevisionTextDto {
  return {
    title: fields.title,
    slug: fields.slug,
    excerpt: fields.excerpt,
    content: fields.content,
    tags: fields.tags,
    author_name: fields.authorName,
    author_image_url: fields.authorImageUrl,
    author_bio: fields.authorBio,
    meta_title: fields.metaTitle,
    meta_description: fields.metaDescription,
    featured_image_url: image.url,
    featured_image_alt: image.alt,
  };
}

function revisionDto(revision: Revision, history: RevisionHistory, emails: Map<string, string>): ResourceRevisionDto {
  return {
    id: revision.id,
    number: revision.number,
    kind: revision.kind,
    status: revision === history.current ? 'current' : revision === history.pending ? 'unpublished' : 'earlier',
    saved_at: revision.savedAt,
    saved_by: revision.savedBy ? (emails.get(revision.savedBy) ?? null) : null,
    changed: revision.changed,
    restored_from: revision.restoredFrom,
  };
}

/** The public list's page cursor: opaque to readers (base64url JSON of the last post's id and published_at). */
function writeCursor(post: ResourcePostSummaryDto): string {
  return Buffer.from(JSON.stringify({ id: post.id, at: post.published_at })).toString('base64url');
}

function readCursor(cursor: string | null | undefined): PageCursor | undefined {
  if (!cursor) return undefined;
  try {
    const { id, at } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { id?: unknown; at?: unknown };
    if (isUuid(id) && typeof at === 'string' && !Number.isNaN(Date.parse(at))) return { id, publishedAt: at };
  } catch {
    // Not JSON: refused below.
  }
  throw apiError(400, 'This page link is not valid. Start again from the first page.', 'invalid_cursor');
}

/**
 * Resource posts (the blog): the public reads, and the staff's writes as events on one stream
 * per post. Every write holds one lock for all posts, so that a slug check and its insert, and
 * "unfeature the featured post, feature this one", are never interleaved with another write.
 */
@Injectable()
export class ResourcesService {
  private lastImageTimestamp = 0;

  constructor(
    private readonly events: EventStore,
    private readonly posts: BlogPostsRepository,
    private readonly storage: StorageService,
    private readonly cache: PublishedPostsCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // --- public reads -------------------------------------------------------------------------

  /** One page of the public list, its cursor to the next, and the featured post and the tags from every published post. */
  async listPublished(query: ResourceListQueryDto): Promise<ResourcePostPageDto> {
    const filters = { search: query.search ?? undefined, tag: query.tag ?? undefined };
    const page = { ...filters, limit: query.limit ?? DEFAULT_PAGE_SIZE, offset: query.offset ?? 0, after: readCursor(query.after) };
    // One more than the page: whether a next page exists, without counting.
    const [rows, featured, tags] = await Promise.all([
      this.cache.get(`list:${JSON.stringify(page)}`, () => this.posts.listPublished({ ...page, limit: page.limit + 1 })),
      this.cache.get(`featured:${JSON.stringify(filters)}`, () => this.posts.featuredPublished(filters)),
      this.cache.get('tags', () => this.posts.publishedTags()),
    ]);
    const posts = rows.slice(0, page.limit);
    const last = posts.at(-1);
    return { posts, next_cursor: rows.length > page.limit && last ? writeCursor(last) : null, featured, tags };
  }

  /** A published post (drafts are not found). */
  async findPublished(slug: string): Promise<BlogPost | null> {
    return this.cache.get(`post:${slug}`, () => this.posts.findPublishedBySlug(slug));
  }

  async getPublished(slug: string): Promise<ResourcePostDto> {
    const row = await this.findPublished(slug);
    if (!row) throw notFound();
    return toPostDto(row);
  }

  async related(slug: string): Promise<ResourcePostSummaryDto[]> {
    const row = await this.findPublished(slug);
    if (!row) throw notFound();
    return this.cache.get(`related:${slug}`, () => this.posts.related(row, RELATED_POSTS));
  }

  /** For feeds: the latest published posts (RSS with their bodies, the sitemap without). */
  latestPublished(limit: number, withContent: boolean): Promise<BlogPost[]> {
    return this.cache.get(`latest:${limit}:${withContent}`, () => this.posts.latestPublished(limit, withContent));
  }

  // --- staff --------------------------------------------------------------------------------

  async listAll(): Promise<ResourcePostSummaryDto[]> {
    return this.posts.listAll();
  }

  /** The spec's generate_unique_blog_slug. */
  async suggestSlug(title: string): Promise<string> {
    const base = slugify(title) || 'resource';
    return uniqueSlug(title, await this.posts.slugsStartingWith(base));
  }

  async create(input: ResourcePostInputDto, meta: EventMetadata): Promise<ResourcePostDto> {
    const content = this.cleanContent(input);
    const postId = randomUUID();
    await this.write(async (tx) => {
      // Spec §7: a taken slug (typed or made from the title) gives way to a unique one from the title.
      let slug = slugify(input.slug ?? input.title) || slugify(input.title) || 'resource';
      if (await this.posts.slugTaken(slug, tx.manager)) {
        slug = uniqueSlug(input.title, await this.posts.slugsStartingWith(slugify(input.title) || 'resource', tx.manager));
      }
      const fields: PostFields = { ...this.textFields(input, content), slug, authorName: input.author_name ?? this.teamName };
      const events: PendingEvent[] = [ResourcePostCreated({ postId, ...fields })];
      if (input.featured_image_url) events.push(ResourcePostImageSet({ postId, url: input.featured_image_url, alt: input.featured_image_alt ?? null }));
      if (input.is_published) events.push(ResourcePostPublished({ postId, publishedAt: new Date().toISOString() }));
      else if (input.scheduled_publish_at) events.push(ResourcePostScheduled({ postId, publishAt: new Date(input.scheduled_publish_at).toISOString() }));
      await tx.append(stream(postId), 0, events, meta);
      if (input.is_featured) await this.feature(tx, postId, meta);
    });
    return toPostDto(await this.posts.getById(postId));
  }

  /** 'Save': the fields that changed, and the publish, featured and schedule settings when given. */
  async save(postId: string, input: ResourcePostInputDto, meta: EventMetadata): Promise<ResourcePostDto> {
    const content = this.cleanContent(input);
    await this.write(async (tx) => {
      const current = await this.posts.findById(postId, tx.manager);
      if (!current) throw notFound();
      const next = await this.savedFields(tx, current, input, content);
      const changes: Partial<PostFields> = {};
      for (const key of Object.keys(next) as (keyof PostFields)[]) {
        const same = key === 'tags' ? next.tags.join('\u0000') === current.tags.join('\u0000') : next[key] === current[key];
        if (!same) Object.assign(changes, { [key]: next[key] });
      }
      const events: PendingEvent[] = [];
      if (Object.keys(changes).length > 0) events.push(ResourcePostEdited({ postId, ...changes }));
      const url = input.featured_image_url ?? null;
      const alt = url ? (input.featured_image_alt ?? null) : null;
      if (input.featured_image_url !== undefined && (url !== current.featuredImageUrl || alt !== current.featuredImageAlt)) {
        events.push(ResourcePostImageSet({ postId, url, alt }));
      }
      const publishing = input.is_published ?? current.isPublished;
      if (publishing && !current.isPublished) events.push(ResourcePostPublished({ postId, publishedAt: new Date().toISOString() }));
      if (!publishing && current.isPublished) events.push(ResourcePostUnpublished({ postId }));
      if (!publishing && input.scheduled_publish_at !== undefined) {
        const publishAt = input.scheduled_publish_at ? new Date(input.scheduled_publish_at).toISOString() : null;
        if (publishAt !== iso(current.scheduledPublishAt)) events.push(ResourcePostScheduled({ postId, publishAt }));
      }
      // An update replaces the unpublished revision it was made from, also when it changed nothing.
      if (!events.some((event) => event.type === ResourcePostEdited.type) && (await this.history(tx, postId)).pending) {
        events.push(ResourcePostRevisionDiscarded({ postId }));
      }
      if (events.length > 0) await tx.append(stream(postId), 'any', events, meta);
      if (input.is_featured === true && !current.isFeatured) await this.feature(tx, postId, meta);
      if (input.is_featured === false && current.isFeatured) await tx.append(stream(postId), 'any', [ResourcePostUnfeatured({ postId })], meta);
    });
    return toPostDto(await this.posts.getById(postId));
  }

  /** Publishing sets published_at to now; unpublishing clears it (spec §4). Nothing happens when it is already so. */
  async setPublished(postId: string, published: boolean, meta: EventMetadata): Promise<ResourcePostDto> {
    await this.write(async (tx) => {
      const current = await this.posts.findById(postId, tx.manager);
      if (!current) throw notFound();
      if (published === current.isPublished) return;
      const event = published ? ResourcePostPublished({ postId, publishedAt: new Date().toISOString() }) : ResourcePostUnpublished({ postId });
      await tx.append(stream(postId), 'any', [event], meta);
    });
    return toPostDto(await this.posts.getById(postId));
  }

  /** Featuring a post unfeatures every other one, in the same transaction. */
  async setFeatured(postId: string, featured: boolean, meta: EventMetadata): Promise<ResourcePostDto> {
    await this.write(async (tx) => {
      const current = await this.posts.findById(postId, tx.manager);
      if (!current) throw notFound();
      if (featured === current.isFeatured) return;
      if (featured) await this.feature(tx, postId, meta);
      else await tx.append(stream(postId), 'any', [ResourcePostUnfeatured({ postId })], meta);
    });
    return toPostDto(await this.posts.getById(postId));
  }

  /** Deletes the post, then its stored image (unless another post shows it too). */
  async delete(postId: string, meta: EventMetadata): Promise<void> {
    const imageUrl = await this.write(async (tx) => {
      const current = await this.posts.findById(postId, tx.manager);
      if (!current) throw notFound();
      await tx.append(stream(postId), 'any', [ResourcePostDeleted({ postId, slug: current.slug, imageUrl: current.featuredImageUrl })], meta);
      return current.featuredImageUrl;
    });
    if (imageUrl) await this.removeImageIfUnused(imageUrl);
  }

  /** For the worker: publishes the drafts whose schedule has come; how many it published. */
  async publishDue(now = new Date(), batch = 50): Promise<number> {
    // Checked first without the write lock, so an idle tick neither takes it nor empties the caches.
    if ((await this.posts.dueForPublishing(now, 1)).length === 0) return 0;
    return this.write(async (tx) => {
      const due = await this.posts.dueForPublishing(now, batch, tx.manager);
      for (const postId of due) {
        const post = await this.posts.getById(postId, tx.manager);
        const event = ResourcePostPublished({ postId, publishedAt: now.toISOString(), scheduledFor: iso(post.scheduledPublishAt)! });
        await tx.append(stream(postId), 'any', [event], { actorType: 'system', actorId: null });
      }
      return due.length;
    });
  }

  // --- revisions and preview links ---------------------------------------------------------

  /** A post as the editor opens it, with the unpublished revision waiting beside it. */
  async getForEditor(postId: string, staffEmails: StaffEmails): Promise<AdminResourcePostDto> {
    const row = await this.posts.findById(postId);
    if (!row) throw notFound();
    const history = revisionHistory(await this.events.readStream(stream(postId)));
    const pending = history.pending ? await this.revisionDetail(history.pending, history, staffEmails) : null;
    return { ...toPostDto(row), pending_revision: pending, preview_id: row.previewId };
  }

  /** The newest REVISIONS_SHOWN revisions, newest first. */
  async revisions(postId: string, staffEmails: StaffEmails): Promise<ResourceRevisionListDto> {
    const history = await this.existingHistory(postId);
    const shown = history.revisions.slice(-REVISIONS_SHOWN).reverse();
    const emails = await staffEmails([...new Set(shown.flatMap((revision) => (revision.savedBy ? [revision.savedBy] : [])))]);
    return { revisions: shown.map((revision) => revisionDto(revision, history, emails)), total: history.revisions.length };
  }

  /** One revision's text, beside the revision's before it. */
  async revision(postId: string, revisionId: string, staffEmails: StaffEmails): Promise<ResourceRevisionDetailDto> {
    const history = await this.existingHistory(postId);
    const revision = history.revisions.find((candidate) => candidate.id === revisionId);
    if (!revision) throw apiError(404, 'This revision was not found.', 'not_found');
    return this.revisionDetail(revision, history, staffEmails);
  }

  /**
   * Changes to a published post kept unpublished: readers see the published version until the
   * post is updated. A revision equal to the published text drops the one waiting instead.
   */
  async saveRevision(postId: string, input: ResourcePostInputDto, meta: EventMetadata, staffEmails: StaffEmails): Promise<AdminResourcePostDto> {
    const content = this.cleanContent(input);
    await this.write(async (tx) => {
      const current = await this.posts.findById(postId, tx.manager);
      if (!current) throw notFound();
      if (!current.isPublished) throw apiError(409, 'Only a published post keeps unpublished revisions: save the draft instead.', 'not_published');
      const url = input.featured_image_url !== undefined ? (input.featured_image_url ?? null) : current.featuredImageUrl;
      const alt = url ? (input.featured_image_url !== undefined ? (input.featured_image_alt ?? null) : current.featuredImageAlt) : null;
      const fields = await this.savedFields(tx, current, input, content);
      await this.keepRevision(tx, postId, { ...fields, image: { url, alt } }, meta);
    });
    return this.getForEditor(postId, staffEmails);
  }

  /** Drops the unpublished revision waiting beside a published post. */
  async discardRevision(postId: string, meta: EventMetadata, staffEmails: StaffEmails): Promise<AdminResourcePostDto> {
    await this.write(async (tx) => {
      if (!(await this.posts.findById(postId, tx.manager))) throw notFound();
      if ((await this.history(tx, postId)).pending) await tx.append(stream(postId), 'any', [ResourcePostRevisionDiscarded({ postId })], meta);
    });
    return this.getForEditor(postId, staffEmails);
  }

  /**
   * Brings an earlier revision back as a new save (history is never rewritten): a draft's own
   * text, or a published post's unpublished revision, to be checked before the update. The post
   * keeps its address: restoring words does not move a page readers may have linked to.
   */
  async restoreRevision(postId: string, revisionId: string, meta: EventMetadata, staffEmails: StaffEmails): Promise<AdminResourcePostDto> {
    await this.write(async (tx) => {
      const current = await this.posts.findById(postId, tx.manager);
      if (!current) throw notFound();
      const history = await this.history(tx, postId);
      const revision = history.revisions.find((candidate) => candidate.id === revisionId);
      if (!revision) throw apiError(404, 'This revision was not found.', 'not_found');
      const target: RevisionContent = { ...revision.content, slug: current.slug };
      if (current.isPublished) {
        await this.keepRevision(tx, postId, target, meta, revisionId, history);
        return;
      }
      const { image: liveImage, ...live } = history.current!.content;
      const { image, ...fields } = target;
      const changes: Partial<PostFields> = {};
      for (const key of Object.keys(fields) as (keyof PostFields)[]) {
        if (JSON.stringify(fields[key]) !== JSON.stringify(live[key])) Object.assign(changes, { [key]: fields[key] });
      }
      const events: PendingEvent[] = [];
      if (Object.keys(changes).length > 0) events.push(ResourcePostEdited({ postId, ...changes, restoredFrom: revisionId }));
      if (image.url !== liveImage.url || image.alt !== liveImage.alt) events.push(ResourcePostImageSet({ postId, ...image }));
      if (events.length > 0) await tx.append(stream(postId), 'any', events, meta);
    });
    return this.getForEditor(postId, staffEmails);
  }

  /** A draft's preview link for readers who are not signed in; the same link every time it is asked for. */
  async previewLink(postId: string, meta: EventMetadata): Promise<ResourcePreviewLinkDto> {
    const previewId = await this.write(async (tx) => {
      const current = await this.posts.findById(postId, tx.manager);
      if (!current) throw notFound();
      if (current.isPublished) throw apiError(409, 'This post is published: share its own address instead.', 'already_published');
      if (current.previewId) return current.previewId;
      const created = randomUUID();
      await tx.append(stream(postId), 'any', [ResourcePostPreviewLinkCreated({ postId, previewId: created })], meta);
      return created;
    });
    return { preview_id: previewId, url: new URL(`/p/${previewId}`, this.config.PUBLIC_URL).toString() };
  }

  /** The draft behind a preview link; once the post is published or deleted, the link finds nothing. */
  async getPreview(previewId: string): Promise<ResourcePostDto> {
    const row = await this.posts.findDraftByPreviewId(previewId);
    if (!row) throw apiError(404, 'This preview link no longer works: the post was published or deleted.', 'not_found');
    return toPostDto(row);
  }

  // --- images -------------------------------------------------------------------------------

  /** A featured image: checked and re-encoded, stored at resources/{timestamp}-cropped.jpg; its public URL. */
  async uploadImage(file: Buffer): Promise<string> {
    let jpeg: Buffer;
    try {
      jpeg = await reencodeAsJpeg(file);
    } catch (error) {
      if (error instanceof ImageRejectedError) throw apiError(400, error.message, 'not_an_image');
      throw error;
    }
    // Distinct within this process even for two uploads in the same millisecond.
    const timestamp = (this.lastImageTimestamp = Math.max(Date.now(), this.lastImageTimestamp + 1));
    return this.storage.put(`resources/${timestamp}-cropped.jpg`, jpeg, 'image/jpeg');
  }

  /** Removes an uploaded image by its URL; URLs that are not ours (a pasted address) are left alone. */
  async deleteImage(url: string): Promise<void> {
    const key = this.storage.keyOf(url);
    if (key && IMAGE_KEY.test(key)) await this.storage.remove(key);
  }

  private async removeImageIfUnused(url: string): Promise<void> {
    const key = this.storage.keyOf(url);
    if (key && IMAGE_KEY.test(key) && !(await this.posts.imageInUse(url))) await this.storage.removeQuietly(key);
  }

  // --- helpers ------------------------------------------------------------------------------

  private async history(tx: EventTransaction, postId: string): Promise<RevisionHistory> {
    return revisionHistory(await tx.readStream(stream(postId)));
  }

  private async existingHistory(postId: string): Promise<RevisionHistory> {
    if (!(await this.posts.findById(postId))) throw notFound();
    return revisionHistory(await this.events.readStream(stream(postId)));
  }

  private async revisionDetail(revision: Revision, history: RevisionHistory, staffEmails: StaffEmails): Promise<ResourceRevisionDetailDto> {
    const emails = await staffEmails(revision.savedBy ? [revision.savedBy] : []);
    const before = history.revisions[revision.number - 2];
    return { ...revisionDto(revision, history, emails), text: revisionText(revision.content), previous: before ? revisionText(before.content) : null };
  }

  /**
   * Keeps `target` as the published post's unpublished revision, unless it is what is published
   * already (then the revision waiting is dropped) or what waits already (then nothing changes).
   */
  private async keepRevision(
    tx: EventTransaction,
    postId: string,
    target: RevisionContent,
    meta: EventMetadata,
    restoredFrom?: string,
    known?: RevisionHistory,
  ): Promise<void> {
    const history = known ?? (await this.history(tx, postId));
    const { image, ...fields } = target;
    if (history.current && changedFields(history.current.content, target).length === 0) {
      if (history.pending) await tx.append(stream(postId), 'any', [ResourcePostRevisionDiscarded({ postId })], meta);
      return;
    }
    if (history.pending && changedFields(history.pending.content, target).length === 0) return;
    await tx.append(stream(postId), 'any', [ResourcePostRevisionSaved({ postId, fields, image, ...(restoredFrom ? { restoredFrom } : {}) })], meta);
  }

  private get teamName(): string {
    return `${this.config.BRAND_NAME} Team`;
  }

  private cleanContent(input: ResourcePostInputDto): string {
    const content = sanitizePostHtml(input.content ?? '');
    if (!input.title?.trim() || !hasContent(content)) throw apiError(400, REQUIRED_MESSAGE, 'validation_failed');
    return content;
  }

  /** What a save of an existing post writes: its texts, and its slug (a taken one is refused). */
  private async savedFields(tx: EventTransaction, current: BlogPost, input: ResourcePostInputDto, content: string): Promise<PostFields> {
    const slug = input.slug ? slugify(input.slug) || current.slug : current.slug;
    if (slug !== current.slug && (await this.posts.slugTaken(slug, tx.manager, current.id))) {
      throw apiError(409, 'Another resource already uses this slug.', 'slug_taken');
    }
    return { ...this.textFields(input, content), slug, authorName: input.author_name ?? current.authorName };
  }

  private textFields(input: ResourcePostInputDto, content: string): Omit<PostFields, 'slug' | 'authorName'> {
    return {
      title: input.title.trim(),
      excerpt: input.excerpt ?? null,
      content,
      tags: input.tags ?? [],
      authorImageUrl: input.author_image_url ?? null,
      authorBio: input.author_bio ?? null,
      metaTitle: input.meta_title ?? null,
      metaDescription: input.meta_description ?? null,
    };
  }

  /** Unfeatures whichever post is featured, then features this one (inside a write: the lock is held). */
  private async feature(tx: EventTransaction, postId: string, meta: EventMetadata): Promise<void> {
    for (const other of await this.posts.featuredIds(tx.manager)) {
      if (other !== postId) await tx.append(stream(other), 'any', [ResourcePostUnfeatured({ postId: other })], meta);
    }
    await tx.append(stream(postId), 'any', [ResourcePostFeatured({ postId })], meta);
  }

  /**
   * One post write at a time (see the class comment); a slug that races in anyway is a 409.
   * Once it has committed, every process's cache of public answers is emptied.
   */
  private async write<T>(work: (tx: EventTransaction) => Promise<T>): Promise<T> {
    try {
      const result = await this.events.transaction(async (tx) => {
        await tx.manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('resource-posts', 0))`);
        return work(tx);
      });
      this.cache.changed();
      return result;
    } catch (error) {
      if (isUniqueViolation(error, 'blog_posts_slug_key')) throw apiError(409, 'Another resource already uses this slug.', 'slug_taken');
      throw error;
    }
  }
}
