import { Link } from 'react-router-dom';
import { CARD_TAGS } from '../lib/format';
import type { PostSummary } from '../types';
import { PostImage, PostMeta, PostTags } from './post-parts';

/** A post in the 'Latest Resources' grid and under 'Related Resources'; the whole card opens it. */
export function ResourceCard({ post, headingLevel = 3 }: { post: PostSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-elevated shadow-sm transition-shadow hover:shadow-md">
      <PostImage post={post} sizes="(min-width: 1024px) 24rem, (min-width: 768px) 50vw, 100vw" />
      <div className="flex flex-1 flex-col p-5">
        <PostTags tags={post.tags} limit={CARD_TAGS} />
        <Heading className="mt-3 font-display text-lg font-bold tracking-tight text-balance text-foreground">
          {/* The link covers the card (its ::after), so the card is one target with one name. */}
          <Link
            to={`/resources/${encodeURIComponent(post.slug)}`}
            className="after:absolute after:inset-0 after:rounded-2xl group-hover:text-brand focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
          >
            {post.title}
          </Link>
        </Heading>
        {post.excerpt ? <p className="mt-2 line-clamp-3 text-sm text-pretty text-muted">{post.excerpt}</p> : null}
        <PostMeta post={post} className="mt-auto pt-4" />
      </div>
    </article>
  );
}
