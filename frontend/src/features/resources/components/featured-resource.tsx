import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { FEATURED_TAGS } from '../lib/format';
import type { PostSummary } from '../types';
import { AuthorAvatar, PostImage, PostMeta, PostTags } from './post-parts';

/** The 'Featured Resource' block at the top of /resources (spec §2, §4 "Public list"). */
export function FeaturedResource({ post }: { post: PostSummary }) {
  const href = `/resources/${encodeURIComponent(post.slug)}`;
  return (
    <section aria-labelledby="featured-resource-heading">
      <h2 id="featured-resource-heading" className="font-display text-2xl font-bold tracking-tight text-foreground">
        Featured Resource
      </h2>
      <article className="mt-5 grid overflow-hidden rounded-3xl border border-border bg-elevated shadow-sm lg:grid-cols-2">
        <PostImage post={post} priority sizes="(min-width: 1024px) 36rem, 100vw" className="lg:aspect-auto lg:min-h-full" />
        <div className="flex flex-col p-6 sm:p-8 lg:p-10">
          <PostTags tags={post.tags} limit={FEATURED_TAGS} />
          <h3 className="mt-4 font-display text-2xl font-extrabold tracking-tight text-balance text-foreground sm:text-3xl">
            <Link to={href} className="hover:text-brand">
              {post.title}
            </Link>
          </h3>
          {post.excerpt ? <p className="mt-3 text-pretty text-muted sm:text-lg">{post.excerpt}</p> : null}
          <div className="mt-6 flex items-center gap-3">
            <AuthorAvatar post={post} />
            <div className="min-w-0">
              <p className="text-sm font-semibold text-foreground">{post.author_name}</p>
              <PostMeta post={post} />
            </div>
          </div>
          <div className="mt-8">
            <Link to={href} className={buttonClasses('primary', 'md')}>
              Read Article
              <span className="sr-only">: {post.title}</span>
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>
        </div>
      </article>
    </section>
  );
}
