import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Resource posts (the blog). Search is Postgres full-text (the GIN-indexed tsvector, stemmed
 * English) or, for any substring the spec's case-insensitive match allows, a trigram-indexed
 * lower-case copy of title, excerpt and text: both stay index scans at 10,000 posts.
 */
export class BlogPosts1763700000510 implements MigrationInterface {
  name = 'BlogPosts1763700000510';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`
      CREATE TABLE blog_posts (
        id                   uuid PRIMARY KEY,
        slug                 varchar(200) NOT NULL,
        title                varchar(200) NOT NULL,
        excerpt              varchar(1000),
        content              text NOT NULL,
        content_text         text NOT NULL,
        tags                 text[] NOT NULL DEFAULT '{}',
        featured_image_url   varchar(2048),
        featured_image_alt   varchar(300),
        author_name          varchar(100) NOT NULL,
        author_image_url     varchar(2048),
        author_bio           varchar(1000),
        meta_title           varchar(200),
        meta_description     varchar(500),
        is_published         boolean NOT NULL DEFAULT false,
        is_featured          boolean NOT NULL DEFAULT false,
        published_at         timestamptz,
        scheduled_publish_at timestamptz,
        read_time_minutes    int NOT NULL,
        created_at           timestamptz NOT NULL,
        updated_at           timestamptz NOT NULL,
        search tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english', title), 'A') ||
          setweight(to_tsvector('english', coalesce(excerpt, '')), 'B') ||
          setweight(to_tsvector('english', content_text), 'C')
        ) STORED,
        search_text text GENERATED ALWAYS AS (lower(title || ' ' || coalesce(excerpt, '') || ' ' || content_text)) STORED,
        CONSTRAINT blog_posts_slug_key UNIQUE (slug),
        CONSTRAINT blog_posts_published_at CHECK (is_published = (published_at IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX blog_posts_search ON blog_posts USING gin (search)`);
    await q.query(`CREATE INDEX blog_posts_search_text ON blog_posts USING gin (search_text gin_trgm_ops)`);
    await q.query(`CREATE INDEX blog_posts_tags ON blog_posts USING gin (tags)`);
    await q.query(`CREATE INDEX blog_posts_published ON blog_posts (published_at DESC, id DESC) WHERE is_published`);
    await q.query(`CREATE INDEX blog_posts_created ON blog_posts (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX blog_posts_due ON blog_posts (scheduled_publish_at) WHERE scheduled_publish_at IS NOT NULL AND NOT is_published`);
    // At most one featured post, whatever happens in the service.
    await q.query(`CREATE UNIQUE INDEX blog_posts_one_featured ON blog_posts ((true)) WHERE is_featured`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE blog_posts`);
  }
}
