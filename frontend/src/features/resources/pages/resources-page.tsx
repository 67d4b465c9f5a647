import { clsx } from 'clsx';
import { Search, X } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { LazyTooltip } from '@/components/ui/lazy-tooltip';
import { withQueryClient } from '@/lib/query-client';
import { useResources } from '../api/resources';
import { FeaturedResource } from '../components/featured-resource';
import { ResourceCard } from '../components/resource-card';

// /resources (spec §2 "Resources list", §4 "Public list", §7 public list, §8 "Public resources").
// The search and the tag live in the address (?search=&tag=), so a filtered list can be shared
// and the Back button restores it.

function ResourcesPage() {
  const searchId = useId();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const tag = params.get('tag') ?? '';
  const filters = { search: search.trim(), tag };
  const filtered = filters.search !== '' || tag !== '';

  const list = useResources(filters);
  const pages = list.data?.pages ?? [];
  // The tag buttons come from every published post, not only the ones the filters leave; the
  // featured post from every post the filters match, not only the pages loaded.
  const tags = pages[0]?.tags ?? [];
  const featured = pages[0]?.featured ?? null;
  const posts = pages.flatMap((page) => page.posts);
  const rest = featured ? posts.filter((post) => post.id !== featured.id) : posts;

  // Spec §8: a list load error is only logged, and the loading state ends.
  useEffect(() => {
    if (list.error) console.error('Error fetching resources:', list.error);
  }, [list.error]);

  function setFilter(name: 'search' | 'tag', value: string) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <div className="relative isolate">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[32rem] bg-[radial-gradient(60rem_24rem_at_50%_-6rem,color-mix(in_oklab,var(--brand-solid)_16%,transparent),transparent),radial-gradient(40rem_20rem_at_95%_10%,color-mix(in_oklab,var(--accent)_12%,transparent),transparent)]"
      />
      <div className="mx-auto max-w-7xl px-4 pt-14 pb-20 sm:px-6 sm:pt-20 lg:px-8">
        <header className="mx-auto max-w-3xl text-center">
          <p className="inline-flex items-center rounded-full bg-brand-soft px-3 py-1 text-xs font-semibold tracking-wider text-brand uppercase">
            Training Insights
          </p>
          <h1 className="mt-4 font-display text-4xl font-extrabold tracking-tight text-balance text-foreground sm:text-5xl lg:text-6xl">Resources</h1>
          <p className="mt-5 text-lg text-pretty text-muted sm:text-xl">Shooting drills, form breakdowns and training tips to help you put up better shots.</p>
        </header>

        <div className="mx-auto mt-10 max-w-3xl">
          <label htmlFor={searchId} className="sr-only">
            Search resources
          </label>
          <div className="relative">
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted" />
            <input
              id={searchId}
              type="search"
              value={search}
              placeholder="Search resources..."
              autoComplete="off"
              onChange={(event) => setFilter('search', event.target.value)}
              className="h-12 w-full rounded-full border border-border-strong bg-background pr-12 pl-12 text-base text-foreground shadow-xs placeholder:text-muted focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring [&::-webkit-search-cancel-button]:hidden"
            />
            {search ? (
              <LazyTooltip label="Clear search">
                <button
                  type="button"
                  aria-label="Clear search"
                  onClick={() => setFilter('search', '')}
                  className="absolute top-1/2 right-2 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-foreground"
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              </LazyTooltip>
            ) : null}
          </div>
          {tags.length > 0 ? (
            <div role="group" aria-label="Filter by tag" className="mt-5 flex flex-wrap justify-center gap-2">
              {['', ...tags].map((value) => {
                const active = value === tag;
                return (
                  <button
                    key={value || 'all'}
                    type="button"
                    aria-pressed={active}
                    onClick={() => setFilter('tag', value)}
                    className={clsx(
                      'h-9 rounded-full px-4 text-sm font-semibold transition-colors',
                      active ? 'bg-brand-solid text-on-brand shadow-sm' : 'border border-border-strong text-foreground hover:bg-surface',
                    )}
                  >
                    {value || 'All'}
                  </button>
                );
              })}
            </div>
          ) : null}
        </div>

        <div className="mt-14" aria-busy={list.isFetching || undefined}>
          {list.isPending ? (
            // A screen's height: the footer stays below the fold until the posts arrive (no layout shift).
            <p role="status" className="min-h-dvh py-20 text-center text-muted">
              Loading resources...
            </p>
          ) : posts.length === 0 && !featured ? (
            <div className="mx-auto max-w-md py-16 text-center">
              <h2 className="font-display text-2xl font-bold text-foreground">No resources found</h2>
              <p className="mt-3 text-muted">
                {filtered ? 'Try adjusting your search or filter criteria.' : 'Check back soon for expert basketball training insights.'}
              </p>
              {filtered ? (
                <Button variant="secondary" className="mt-6" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
                  Clear filters
                </Button>
              ) : null}
            </div>
          ) : (
            <>
              {featured ? <FeaturedResource post={featured} /> : null}
              {rest.length > 0 ? (
                <section aria-labelledby="latest-resources-heading" className="mt-16">
                  <h2 id="latest-resources-heading" className="font-display text-2xl font-bold tracking-tight text-foreground">
                    Latest Resources
                  </h2>
                  <ul className="mt-5 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
                    {rest.map((post) => (
                      <li key={post.id}>
                        <ResourceCard post={post} />
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
              {list.hasNextPage ? (
                <div className="mt-10 text-center">
                  <Button variant="secondary" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                    {list.isFetchingNextPage ? 'Loading more resources...' : 'Load more resources'}
                  </Button>
                  {list.isFetchNextPageError ? (
                    <p role="alert" className="mt-3 text-sm text-muted">
                      More resources could not be loaded. Try again.
                    </p>
                  ) : null}
                </div>
              ) : null}
            </>
          )}
        </div>
      </div>
    </div>
  );
}

export default withQueryClient(ResourcesPage);
