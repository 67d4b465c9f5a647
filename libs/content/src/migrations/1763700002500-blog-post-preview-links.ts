import { MigrationInterface, QueryRunner } from 'typeorm';

/** A draft's preview link (/p/{preview_id}), found by its id. */
export class BlogPostPreviewLinks1763700002500 implements MigrationInterface {
  name = 'BlogPostPreviewLinks1763700002500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE blog_posts ADD COLUMN preview_id uuid`);
    await q.query(`CREATE UNIQUE INDEX blog_posts_preview_id ON blog_posts (preview_id) WHERE preview_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX blog_posts_preview_id`);
    await q.query(`ALTER TABLE blog_posts DROP COLUMN preview_id`);
  }
}
