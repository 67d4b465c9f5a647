import { clsx } from 'clsx';
import { BookOpen, Clock, UserRound } from 'lucide-react';
import { formatLongDate, postDate, readTimeLabel } from '../lib/format';
import type { PostSummary } from '../types';

/** A post's featured image at 16:9, or a quiet placeholder when it has none. */
export function PostImage({
  post,
  className,
  sizes,
  priority = false,
}: {
  post: PostSummary;
  className?: string;
  sizes: string;
  /** The page's main image (the featured card, the article): loaded first, not lazily. */
  priority?: boolean;
}) {
  return (
    <div className={clsx('relative aspect-video overflow-hidden bg-surface', className)}>
      {post.featured_image_url ? (
        <img
          src={post.featured_image_url}
          alt={post.featured_image_alt ?? ''}
          sizes={sizes}
          width={1280}
          height={720}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          className="size-full object-cover"
        />
      ) : (
        <div
          aria-hidden="true"
          className="flex size-full items-center justify-center bg-[linear-gradient(135deg,color-mix(in_oklab,var(--brand-solid)_22%,var(--surface)),var(--surface)_55%,color-mix(in_oklab,var(--accent)_16%,var(--surface)))]"
        >
          <BookOpen className="size-10 text-brand" />
        </div>
      )}
    </div>
  );
}

/** Up to `limit` tags as small pills. */
export function PostTags({ tags, limit, className }: { tags: string[]; limit?: number; className?: string }) {
  const shown = limit === undefined ? tags : tags.slice(0, limit);
  if (shown.length === 0) return null;
  return (
    <ul aria-label="Tags" className={clsx('flex flex-wrap gap-2', className)}>
      {shown.map((tag) => (
        <li key={tag} className="rounded-full bg-brand-soft px-2.5 py-0.5 text-xs font-semibold text-brand">
          {tag}
        </li>
      ))}
    </ul>
  );
}

/** The author's picture, or a placeholder icon. */
export function AuthorAvatar({ post, size = 'sm' }: { post: PostSummary; size?: 'sm' | 'lg' }) {
  const classes = size === 'lg' ? 'size-14' : 'size-9';
  return post.author_image_url ? (
    <img src={post.author_image_url} alt="" width={56} height={56} loading="lazy" className={clsx(classes, 'shrink-0 rounded-full object-cover')} />
  ) : (
    <span aria-hidden="true" className={clsx(classes, 'flex shrink-0 items-center justify-center rounded-full bg-surface text-muted ring-1 ring-border')}>
      <UserRound className={size === 'lg' ? 'size-7' : 'size-5'} />
    </span>
  );
}

/** Date and read time ('November 21, 2026 · 4 min read'). */
export function PostMeta({ post, className }: { post: PostSummary; className?: string }) {
  const date = postDate(post);
  return (
    <p className={clsx('flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted', className)}>
      <time dateTime={date}>{formatLongDate(date)}</time>
      <span aria-hidden="true">·</span>
      <span className="inline-flex items-center gap-1">
        <Clock className="size-3.5" aria-hidden="true" />
        {readTimeLabel(post.read_time_minutes)}
      </span>
    </p>
  );
}
