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
} from '@swishly/platform';
import { isUUID } from 'class-validator';
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
  ResourcePostPublished,
  ResourcePostScheduled,
  ResourcePostUnfeatured,
  ResourcePostUnpublished,
} from './resources.events';
import { slugify, uniqueSlug } from './slug';

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

/** The public list's page cursor: opaque to readers (base64url JSON of the last post's id and published_at). */
function writeCursor(post: ResourcePostSummaryDto): string {
  return Buffer.from(JSON.stringify({ id: post.id, at: post.published_at })).toString('base64url');
}

function readCursor(cursor: string | null | undefined): PageCursor | undefined {
  if (!cursor) return undefined;
  try {
    const { id, at } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { id?: unknown; at?: unknown };
    if (typeof id === 'string' && isUUID(id) && typeof at === 'string' && !Number.isNaN(Date.parse(at))) return { id, publishedAt: at };
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

  async get(id: string): Promise<ResourcePostDto> {
    const row = await this.posts.findById(id);
    if (!row) throw notFound();
    return toPostDto(row);
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
      const slug = input.slug ? slugify(input.slug) || current.slug : current.slug;
      if (slug !== current.slug && (await this.posts.slugTaken(slug, tx.manager, postId))) {
        throw apiError(409, 'Another resource already uses this slug.', 'slug_taken');
      }
      const next: PostFields = { ...this.textFields(input, content), slug, authorName: input.author_name ?? current.authorName };
      const changes: Partial<PostFields> = {};
      for (const key of Object.keys(next) as (keyof PostFields)[]) {
        const same = key === 'tags' ? next.tags.join('\u0000') === current.tags.join('\u0000') : next[key] === current[key];
        if (!same) Object.assign(changes, { [key]: next[key] });
      }
      const events: PendingEvent[] = [];
      if (Object.keys(changes).length > 0) events.push(ResourcePostEdited({ postId, ...changes }));
      const url = input.featured_image_url ?? null;
      const alt = url ? input.featured_image_alt ?? null : null;
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

  private get teamName(): string {
    return `${this.config.BRAND_NAME} Team`;
  }

  private cleanContent(input: ResourcePostInputDto): string {
    const content = sanitizePostHtml(input.content ?? '');
    if (!input.title?.trim() || !hasContent(content)) throw apiError(400, REQUIRED_MESSAGE, 'validation_failed');
    return content;
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
