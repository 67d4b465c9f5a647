import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { ResourcePostSummaryDto } from './dto/resources.dto';
import { BlogPost } from './entities/blog-post.entity';

export type BlogPostChanges = Partial<Omit<BlogPost, 'id' | 'createdAt'>>;

export interface PublishedQuery {
  search?: string;
  tag?: string;
  limit: number;
  offset: number;
  /** Keyset paging: only posts after this one in the list's order (newest published_at, then id). */
  after?: PageCursor;
}

/**
 * Where a page ended: its last post's id, and its published_at to the millisecond for when that
 * post has left the list since (unpublished or deleted); while it is there, its own published_at
 * (to the microsecond) is used.
 */
export interface PageCursor {
  id: string;
  publishedAt: string;
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** How many of the newest posts a substring search tests in order before it asks the trigram index. */
const SUBSTRING_WALK = 250;

/**
 * `WITH … matches AS (…)`: the ids of the newest `:wanted` published posts matching a search (with
 * `:tag` if `tagged`, after the page cursor if `paged`). A post matches by its stemmed words (full-text, `:search`) or by any substring,
 * ignoring case (`:fragment`, `:pattern`). The halves are separate because one OR-ed condition gets a
 * bad plan: Postgres cannot estimate how many posts a trigram LIKE matches, so for a common
 * fragment ('footw') it read and tested all 10,000.
 * - by_words: the tsvector's GIN index, whose statistics the planner knows.
 * - walked: the newest SUBSTRING_WALK posts tested in published order; a common fragment fills
 *   the page after a few rows.
 * - by_trigrams: only when the walk found fewer than wanted (the count is a one-time filter, so
 *   otherwise this scan never runs), the trigram index: a rare fragment has few candidates. When
 *   by_words filled the page, nothing older than its last post can make the page, so the index
 *   (published_at, trigrams) is asked only for newer posts: a common word costs a page of
 *   candidates, not every post that holds it.
 */
function searchMatches(tagged: boolean, paged: boolean): string {
  const filters = `${tagged ? 'AND tags @> ARRAY[:tag]::text[]' : ''} ${paged ? `AND ${afterCursor('blog_posts')}` : ''}`;
  const newest = 'ORDER BY published_at DESC, id DESC LIMIT :wanted';
  return `
    WITH by_words AS (
      SELECT id, published_at FROM blog_posts WHERE is_published ${filters} AND search @@ websearch_to_tsquery('english', :search) ${newest}
    ), walked AS (
      SELECT id FROM (
        SELECT id, published_at, search_text FROM blog_posts WHERE is_published ${filters} ORDER BY published_at DESC, id DESC LIMIT ${SUBSTRING_WALK}
      ) newest_posts WHERE strpos(search_text, :fragment) > 0 ${newest}
    ), by_trigrams AS (
      SELECT id FROM blog_posts WHERE (SELECT count(*) FROM walked) < :wanted AND is_published ${filters} AND search_text LIKE :pattern
        AND published_at >= (SELECT CASE WHEN count(*) = :wanted THEN min(published_at) ELSE '-infinity' END FROM by_words) ${newest}
    ), matches AS (
      SELECT id FROM by_words UNION SELECT id FROM walked UNION SELECT id FROM by_trigrams
    )`;
}

/** Rows after the page cursor (:afterId, :afterAt) in the lists' order. */
const afterCursor = (table: string) =>
  `(${table}.published_at, ${table}.id) < (COALESCE((SELECT published_at FROM blog_posts WHERE id = :afterId), :afterAt::timestamptz), :afterId::uuid)`;

/** A timestamp as the API writes it (Date.toISOString: UTC, milliseconds, 'Z'), written by Postgres. */
const isoUtc = (column: string) => `to_char(p.${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column}`;

/**
 * A post of a list exactly as the API sends it (ResourcePostSummaryDto, whose fields are the
 * columns): no body, timestamps as text. Lists skip the entity and its Dates, which cost a list of
 * 50 a third of its CPU in the API.
 */
const SUMMARY = [
  ...[
    'id',
    'slug',
    'title',
    'excerpt',
    'tags',
    'featured_image_url',
    'featured_image_alt',
    'author_name',
    'author_image_url',
    'author_bio',
    'meta_title',
    'meta_description',
    'is_published',
    'is_featured',
  ].map((column) => `p.${column}`),
  ...['published_at', 'scheduled_publish_at', 'created_at', 'updated_at'].map(isoUtc),
  'p.read_time_minutes',
].join(', ');

/**
 * The blog_posts table, in one place. A method that takes `db` runs in that transaction; without
 * it, on the pool. The projection's writes are static (see CreatorCodesRepository for why).
 */
@Injectable()
export class BlogPostsRepository {
  constructor(@InjectRepository(BlogPost) private readonly posts: Repository<BlogPost>) {}

  private db(db?: EntityManager): EntityManager {
    return db ?? this.posts.manager;
  }

  /** Rows of a statement with `:named` parameters (TypeORM's own substitution). */
  private rows<T>(sql: string, parameters: Record<string, unknown>): Promise<T[]> {
    const [text, values] = this.posts.manager.connection.driver.escapeQueryWithParameters(sql, parameters, {});
    return this.posts.query(text, values);
  }

  /**
   * Published posts, newest published_at first, without bodies. A search matches the stemmed words
   * (full-text) or any substring, ignoring case, of title, excerpt or text; a tag matches exactly.
   */
  listPublished(query: PublishedQuery): Promise<ResourcePostSummaryDto[]> {
    const conditions = ['p.is_published'];
    if (query.tag) conditions.push('p.tags @> ARRAY[:tag]::text[]');
    if (query.after) conditions.push(afterCursor('p'));
    if (query.search) conditions.push('p.id IN (SELECT id FROM matches)');
    return this.rows(
      `${query.search ? searchMatches(Boolean(query.tag), Boolean(query.after)) : ''}
       SELECT ${SUMMARY} FROM blog_posts p WHERE ${conditions.join(' AND ')}
       ORDER BY p.published_at DESC, p.id DESC LIMIT :limit OFFSET :offset`,
      {
        ...this.searchParameters(query),
        wanted: query.offset + query.limit,
        limit: query.limit,
        offset: query.offset,
        afterId: query.after?.id,
        afterAt: query.after?.publishedAt,
      },
    );
  }

  /**
   * Spec §4 "Public list": the post the list leads with, among every published post the filters
   * match (not only a page of them): the one flagged featured, else the newest.
   */
  async featuredPublished(query: Pick<PublishedQuery, 'search' | 'tag'>): Promise<ResourcePostSummaryDto | null> {
    // Few posts are flagged (featuring one unflags the others): the search's test on each is direct.
    const conditions = ['p.is_published', 'p.is_featured'];
    if (query.tag) conditions.push('p.tags @> ARRAY[:tag]::text[]');
    if (query.search) conditions.push("(p.search @@ websearch_to_tsquery('english', :search) OR strpos(p.search_text, :fragment) > 0)");
    const [flagged] = await this.rows<ResourcePostSummaryDto>(
      `SELECT ${SUMMARY} FROM blog_posts p WHERE ${conditions.join(' AND ')} ORDER BY p.published_at DESC, p.id DESC LIMIT 1`,
      this.searchParameters(query),
    );
    if (flagged) return flagged;
    const [newest] = await this.listPublished({ ...query, limit: 1, offset: 0 });
    return newest ?? null;
  }

  /** Every tag of the published posts, once each, alphabetically. */
  async publishedTags(): Promise<string[]> {
    const rows = await this.rows<{ tag: string }>('SELECT DISTINCT unnest(tags) AS tag FROM blog_posts WHERE is_published', {});
    return rows.map((row) => row.tag).sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
  }

  private searchParameters(query: Pick<PublishedQuery, 'search' | 'tag'>) {
    return {
      tag: query.tag,
      search: query.search,
      fragment: query.search?.toLowerCase(),
      pattern: query.search ? `%${likeLiteral(query.search.toLowerCase())}%` : undefined,
    };
  }

  findPublishedBySlug(slug: string): Promise<BlogPost | null> {
    return this.posts.findOneBy({ slug, isPublished: true });
  }

  /** Up to `limit` other published posts sharing at least one tag, newest first, without bodies. */
  async related(post: BlogPost, limit: number): Promise<ResourcePostSummaryDto[]> {
    if (post.tags.length === 0) return [];
    return this.rows(
      `SELECT ${SUMMARY} FROM blog_posts p WHERE p.is_published AND p.id <> :id AND p.tags && :tags::text[]
       ORDER BY p.published_at DESC, p.id DESC LIMIT :limit`,
      { id: post.id, tags: post.tags, limit },
    );
  }

  /** Every post, newest created first, without bodies (the admin list). */
  listAll(): Promise<ResourcePostSummaryDto[]> {
    return this.rows(`SELECT ${SUMMARY} FROM blog_posts p ORDER BY p.created_at DESC, p.id DESC`, {});
  }

  findById(id: string, db?: EntityManager): Promise<BlogPost | null> {
    return this.db(db).findOneBy(BlogPost, { id });
  }

  /** The draft a preview link shows; a published post's link shows nothing. */
  findDraftByPreviewId(previewId: string): Promise<BlogPost | null> {
    return this.db().findOneBy(BlogPost, { previewId, isPublished: false });
  }

  /** A post that must be there (just written through the projection). */
  getById(id: string, db?: EntityManager): Promise<BlogPost> {
    return this.db(db).findOneByOrFail(BlogPost, { id });
  }

  async slugTaken(slug: string, db?: EntityManager, exceptId?: string): Promise<boolean> {
    const rows: { id: string }[] = await this.db(db).query('SELECT id FROM blog_posts WHERE slug = $1', [slug]);
    return rows.some((row) => row.id !== exceptId);
  }

  /** Slugs equal to `base` or `base-…` (the candidates generate_unique_blog_slug steps over). */
  async slugsStartingWith(base: string, db?: EntityManager): Promise<string[]> {
    const rows: { slug: string }[] = await this.db(db).query(`SELECT slug FROM blog_posts WHERE slug = $1 OR slug LIKE $2`, [base, `${likeLiteral(base)}-%`]);
    return rows.map((row) => row.slug);
  }

  featuredIds(db: EntityManager): Promise<string[]> {
    return db.query('SELECT id FROM blog_posts WHERE is_featured').then((rows: { id: string }[]) => rows.map((row) => row.id));
  }

  /** Drafts whose publish time has come, oldest first. */
  async dueForPublishing(now: Date, limit: number, db: EntityManager = this.posts.manager): Promise<string[]> {
    const rows: { id: string }[] = await db.query(
      'SELECT id FROM blog_posts WHERE scheduled_publish_at <= $1 AND NOT is_published ORDER BY scheduled_publish_at, id LIMIT $2',
      [now, limit],
    );
    return rows.map((row) => row.id);
  }

  /** Whether any post still shows this image (before its object is removed). */
  imageInUse(url: string, db?: EntityManager): Promise<boolean> {
    return this.db(db).existsBy(BlogPost, { featuredImageUrl: url });
  }

  /** Published posts for feeds (RSS, sitemap), newest first; without the body unless asked. */
  latestPublished(limit: number, withContent: boolean): Promise<BlogPost[]> {
    const select = this.posts.createQueryBuilder('p').where('p.is_published');
    if (!withContent) select.select(['p.id', 'p.slug', 'p.title', 'p.excerpt', 'p.tags', 'p.featuredImageUrl', 'p.authorName', 'p.publishedAt', 'p.updatedAt']);
    return select.orderBy('p.published_at', 'DESC').addOrderBy('p.id', 'DESC').limit(limit).getMany();
  }

  /** The projection's writes. */
  static async insert(row: BlogPost, db: EntityManager): Promise<void> {
    await db.insert(BlogPost, row);
  }

  static async update(id: string, changes: BlogPostChanges, db: EntityManager): Promise<void> {
    await db.update(BlogPost, { id }, changes);
  }

  static async delete(id: string, db: EntityManager): Promise<void> {
    await db.delete(BlogPost, { id });
  }
}
