import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Read model of a resource post's events (spec §3 "Blog post"). The table also has two generated
 * columns for search (see the migration), which no code writes.
 */
@Entity('blog_posts')
export class BlogPost {
  @PrimaryColumn('uuid')
  id: string;

  @Column('varchar', { length: 200 })
  slug: string;

  @Column('varchar', { length: 200 })
  title: string;

  @Column('varchar', { length: 1000, nullable: true })
  excerpt: string | null;

  @Column('text')
  content: string;

  /** The content's words (search, read time). */
  @Column('text', { name: 'content_text', select: false })
  contentText?: string;

  @Column('text', { array: true })
  tags: string[];

  @Column('varchar', { name: 'featured_image_url', length: 2048, nullable: true })
  featuredImageUrl: string | null;

  @Column('varchar', { name: 'featured_image_alt', length: 300, nullable: true })
  featuredImageAlt: string | null;

  @Column('varchar', { name: 'author_name', length: 100 })
  authorName: string;

  @Column('varchar', { name: 'author_image_url', length: 2048, nullable: true })
  authorImageUrl: string | null;

  @Column('varchar', { name: 'author_bio', length: 1000, nullable: true })
  authorBio: string | null;

  @Column('varchar', { name: 'meta_title', length: 200, nullable: true })
  metaTitle: string | null;

  @Column('varchar', { name: 'meta_description', length: 500, nullable: true })
  metaDescription: string | null;

  @Column('boolean', { name: 'is_published' })
  isPublished: boolean;

  @Column('boolean', { name: 'is_featured' })
  isFeatured: boolean;

  @Column('timestamptz', { name: 'published_at', nullable: true })
  publishedAt: Date | null;

  @Column('timestamptz', { name: 'scheduled_publish_at', nullable: true })
  scheduledPublishAt: Date | null;

  /** A draft's preview link (/p/{previewId}), once an editor has asked for one. */
  @Column('uuid', { name: 'preview_id', nullable: true })
  previewId: string | null;

  @Column('int', { name: 'read_time_minutes' })
  readTimeMinutes: number;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'updated_at' })
  updatedAt: Date;
}
