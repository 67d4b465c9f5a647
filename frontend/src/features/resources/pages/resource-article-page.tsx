import { ArrowLeft, ArrowRight, Eye, Share2 } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import { usePageTitle } from '@/lib/page-title';
import { withQueryClient } from '@/lib/query-client';
import { useRelatedResources, useResource } from '../api/resources';
import { ArticleBody } from '@/components/ui/article-body';
import { AuthorAvatar, PostImage, PostMeta } from '../components/post-parts';
import { ResourceCard } from '../components/resource-card';
import { shareArticle } from '../lib/share';
import type { Post, PostSummary } from '../types';

// /resources/{slug} (spec §2 "Resource article", §7 article and related, "Sharing an article";
// §8: any load error shows the 'Resource Not Found' view).

function ResourceArticlePage() {
  const { slug = '' } = useParams();
  const post = useResource(slug);
  const related = useRelatedResources(slug, post.isSuccess);

  if (post.isPending) {
    return (
      <p role="status" className="flex min-h-dvh items-center justify-center text-muted">
        Loading resource...
      </p>
    );
  }
  if (post.isError) return <ResourceNotFound />;
  return <Article post={post.data} related={related.data ?? []} />;
}

export function ResourceNotFound({ message = "The resource you're looking for doesn't exist or has been removed." }: { message?: string }) {
  usePageTitle('Resource Not Found');
  return (
    <section className="flex min-h-[70vh] items-center justify-center px-6 py-24 text-center">
      <div>
        <h1 className="font-display text-3xl font-bold tracking-tight text-foreground sm:text-4xl">Resource Not Found</h1>
        <p className="mx-auto mt-4 max-w-md text-lg text-pretty text-muted">{message}</p>
        <Link to="/resources" className={buttonClasses('primary', 'lg', 'mt-10')}>
          <ArrowLeft className="size-5" aria-hidden="true" />
          Back to Resources
        </Link>
      </div>
    </section>
  );
}

/** An article as readers see it; `preview` for a draft opened by its preview link (no sharing, no related posts). */
export function Article({ post, related, preview = false }: { post: Post; related: PostSummary[]; preview?: boolean }) {
  // The same title as the server's head for this article.
  usePageTitle(post.meta_title || post.title);
  const share = () => void shareArticle({ title: post.title, excerpt: post.excerpt, url: window.location.href });

  return (
    <article className="pb-20">
      <div className="mx-auto max-w-3xl px-4 pt-6 sm:px-6 sm:pt-10">
        {preview ? (
          <p
            role="note"
            className="mb-6 flex items-start gap-2 rounded-2xl border border-amber-600/30 bg-amber-50 p-4 text-sm text-amber-950 dark:bg-amber-500/10 dark:text-amber-100"
          >
            <Eye className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              <strong className="font-semibold">Preview.</strong> This article is a draft: only people with this link can read it, and the link stops working
              once the article is published.
            </span>
          </p>
        ) : null}
        <Link to="/resources" className={buttonClasses('ghost', 'sm', '-ml-3')}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Resources
        </Link>

        <header className="mt-8">
          {post.tags.length > 0 ? (
            <ul aria-label="Tags" className="flex flex-wrap gap-2">
              {post.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={`/resources?tag=${encodeURIComponent(tag)}`}
                    className="inline-flex rounded-full bg-brand-soft px-3 py-1 text-xs font-semibold text-brand hover:underline"
                  >
                    {tag}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <h1 className="mt-5 font-display text-4xl font-extrabold tracking-tight text-balance text-foreground sm:text-5xl">{post.title}</h1>
          {post.excerpt ? <p className="mt-5 text-lg text-pretty text-muted sm:text-xl">{post.excerpt}</p> : null}

          <div className="mt-8 flex flex-wrap items-center justify-between gap-4 border-y border-border py-4">
            <div className="flex min-w-0 items-center gap-3">
              <AuthorAvatar post={post} />
              <div className="min-w-0">
                <p className="font-semibold text-foreground">{post.author_name}</p>
                <PostMeta post={post} />
              </div>
            </div>
            {preview ? null : (
              <Button variant="secondary" size="sm" onClick={share}>
                <Share2 className="size-4" aria-hidden="true" />
                Share
              </Button>
            )}
          </div>
        </header>
      </div>

      {post.featured_image_url ? (
        <div className="mx-auto mt-10 max-w-5xl px-4 sm:px-6">
          <PostImage post={post} priority sizes="(min-width: 1024px) 64rem, 100vw" className="rounded-2xl sm:rounded-3xl" />
        </div>
      ) : null}

      <div className="mx-auto mt-10 max-w-3xl px-4 sm:px-6">
        <ArticleBody html={post.content} />

        <aside aria-labelledby="article-cta-heading" className="mt-16 rounded-3xl bg-brand-soft p-6 text-center sm:p-10">
          <h2 id="article-cta-heading" className="font-display text-2xl font-extrabold tracking-tight text-balance text-foreground sm:text-3xl">
            Fix your form before your next game
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-pretty text-muted">
            Film your shot with your phone and get instant feedback on your elbow, release and follow-through.
          </p>
          <Link to="/" className={buttonClasses('primary', 'lg', 'mt-6')}>
            Join the Waitlist
            <ArrowRight className="size-5" aria-hidden="true" />
          </Link>
        </aside>

        {post.author_bio ? (
          <section aria-labelledby="article-author-heading" className="mt-12 flex gap-4 rounded-2xl border border-border bg-elevated p-6">
            <AuthorAvatar post={post} size="lg" />
            <div className="min-w-0">
              <h2 id="article-author-heading" className="font-display text-lg font-bold text-foreground">
                About {post.author_name}
              </h2>
              <p className="mt-2 text-pretty text-muted">{post.author_bio}</p>
            </div>
          </section>
        ) : null}
      </div>

      {related.length > 0 ? (
        <section aria-labelledby="related-resources-heading" className="mx-auto mt-20 max-w-5xl px-4 sm:px-6">
          <h2 id="related-resources-heading" className="font-display text-2xl font-bold tracking-tight text-foreground">
            Related Resources
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {related.slice(0, 3).map((item) => (
              <li key={item.id}>
                <ResourceCard post={item} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

export default withQueryClient(ResourceArticlePage);
