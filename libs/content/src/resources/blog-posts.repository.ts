import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { BlogPost } from './entities/blog-post.entity';

export type BlogPostChanges = Partial<Omit<BlogPost, 'id' | 'createdAt'>>;

export interface PublishedQuery {
  search?: string;
  tag?: string;
  limit: number;
  offset: number;
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** How many of the newest posts a substring search tests in order before it asks the trigram index. */
const SUBSTRING_WALK = 250;

/**
 * The ids of the newest `:wanted` published posts matching a search (with `:tag` if `tagged`), as
 * one statement. A post matches by its stemmed words (full-text, `:search`) or by any substring,
 * ignoring case (`:fragment`, `:pattern`). The halves are separate because one OR-ed condition gets a
 * bad plan: Postgres cannot estimate how many posts a trigram LIKE matches, so for a common
 * fragment ('footw') it read and tested all 10,000.
 * - by_words: the tsvector's GIN index, whose statistics the planner knows.
 * - walked: the newest SUBSTRING_WALK posts tested in published order; a common fragment fills
 *   the page after a few rows.
 * - by_trigrams: only when the walk found fewer than wanted (the count is a one-time filter, so
 *   otherwise this scan never runs), the trigram index: a rare fragment has few candidates.
 */
function searchMatches(tagged: boolean): string {
  const tag = tagged ? 'AND tags @> ARRAY[:tag]::text[]' : '';
  const newest = 'ORDER BY published_at DESC, id DESC LIMIT :wanted';
  return `
    WITH by_words AS (
      SELECT id FROM blog_posts WHERE is_published ${tag} AND search @@ websearch_to_tsquery('english', :search) ${newest}
    ), walked AS (
      SELECT id FROM (
        SELECT id, published_at, search_text FROM blog_posts WHERE is_published ${tag} ORDER BY published_at DESC, id DESC LIMIT ${SUBSTRING_WALK}
      ) newest_posts WHERE strpos(search_text, :fragment) > 0 ${newest}
    ), by_trigrams AS (
      SELECT id FROM blog_posts WHERE (SELECT count(*) FROM walked) < :wanted AND is_published ${tag} AND search_text LIKE :pattern ${newest}
    )
    SELECT id FROM by_words UNION SELECT id FROM walked UNION SELECT id FROM by_trigrams`;
}

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

  /** A query of posts without their bodies (the lists): every selected column but `content`. */
  private summaries() {
    const columns = this.posts.metadata.columns.filter((c) => c.isSelect && c.propertyName !== 'content').map((c) => `p.${c.propertyName}`);
    return this.posts.createQueryBuilder('p').select(columns);
  }

  /**
   * Published posts, newest published_at first, without bodies. A search matches the stemmed words
   * (full-text) or any substring, ignoring case, of title, excerpt or text; a tag matches exactly.
   */
  async listPublished(query: PublishedQuery): Promise<BlogPost[]> {
    const select = this.summaries().where('p.is_published');
    if (query.tag) select.andWhere('p.tags @> ARRAY[:tag]::text[]', { tag: query.tag });
    if (query.search) {
      select
        .addCommonTableExpression(searchMatches(Boolean(query.tag)), 'matches')
        .andWhere('p.id IN (SELECT id FROM matches)')
        .setParameters({
          search: query.search,
          fragment: query.search.toLowerCase(),
          pattern: `%${likeLiteral(query.search.toLowerCase())}%`,
          wanted: query.offset + query.limit,
        });
    }
    return select.orderBy('p.published_at', 'DESC').addOrderBy('p.id', 'DESC').limit(query.limit).offset(query.offset).getMany();
  }

  findPublishedBySlug(slug: string): Promise<BlogPost | null> {
    return this.posts.findOneBy({ slug, isPublished: true });
  }

  /** Up to `limit` other published posts sharing at least one tag, newest first, without bodies. */
  async related(post: BlogPost, limit: number): Promise<BlogPost[]> {
    if (post.tags.length === 0) return [];
    return this.summaries()
      .where('p.is_published AND p.id <> :id AND p.tags && :tags::text[]', { id: post.id, tags: post.tags })
      .orderBy('p.published_at', 'DESC')
      .addOrderBy('p.id', 'DESC')
      .limit(limit)
      .getMany();
  }

  /** Every post, newest created first, without bodies (the admin list). */
  listAll(): Promise<BlogPost[]> {
    return this.summaries().orderBy('p.created_at', 'DESC').addOrderBy('p.id', 'DESC').getMany();
  }

  findById(id: string, db?: EntityManager): Promise<BlogPost | null> {
    return this.db(db).findOneBy(BlogPost, { id });
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
    const rows: { slug: string }[] = await this.db(db).query(`SELECT slug FROM blog_posts WHERE slug = $1 OR slug LIKE $2`, [
      base,
      `${likeLiteral(base)}-%`,
    ]);
    return rows.map((row) => row.slug);
  }

  featuredIds(db: EntityManager): Promise<string[]> {
    return db.query('SELECT id FROM blog_posts WHERE is_featured').then((rows: { id: string }[]) => rows.map((row) => row.id));
  }

  /** Drafts whose publish time has come, oldest first. */
  async dueForPublishing(now: Date, limit: number, db: EntityManager): Promise<string[]> {
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
