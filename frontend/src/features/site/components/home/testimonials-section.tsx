import { MessageSquareQuote } from 'lucide-react';
import { lazy, Suspense, useRef, type CSSProperties } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { shownEntries, testimonials } from '@/content/people';
import { useNearViewport } from '@/hooks/use-in-view';
import { withBrand } from '@/lib/brand';
import { siteConfig } from '@/lib/site-config';

// The cards are a separate chunk, fetched only when the section approaches the viewport.
const TestimonialsList = lazy(() => import('./testimonials-list'));

/** Real testimonials, and the samples too in development (content/people.ts). */
const shown = shownEntries(testimonials, siteConfig.samples);

/** Reserves roughly the list's height (rows of cards per breakpoint) so little moves when it arrives. */
function ListPlaceholder() {
  const count = shown.length;
  const rows = {
    '--rows-sm': count,
    '--rows-md': Math.ceil(count / 2),
    '--rows-lg': count === 4 ? 2 : Math.ceil(count / 3),
    '--rows-xl': count === 4 ? 1 : Math.ceil(count / 3),
  } as CSSProperties;
  return (
    <div
      aria-hidden="true"
      style={rows}
      className="mt-12 min-h-[calc(var(--rows-sm)*20rem)] md:min-h-[calc(var(--rows-md)*19.5rem)] lg:min-h-[calc(var(--rows-lg)*17rem)] xl:min-h-[calc(var(--rows-xl)*22rem)]"
    />
  );
}

/** No real testimonial yet: ask players for theirs instead of showing made-up ones. */
function ShareYourStory() {
  return (
    <div className="mx-auto max-w-2xl text-center" data-testid="share-your-story">
      <span className="mx-auto flex size-12 items-center justify-center rounded-2xl bg-brand-soft text-brand">
        <MessageSquareQuote className="size-6" aria-hidden="true" />
      </span>
      <p className="mt-5 text-sm font-semibold tracking-wider text-brand uppercase">Testimonials</p>
      <h2 id="testimonials-title" className="mt-3 font-display text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
        Share your story
      </h2>
      <p className="mt-4 text-lg text-pretty text-muted">
        {withBrand(
          'Training with {product}? Tell us what changed in your shot, and what still bugs you. With your permission, we will share real players’ stories here.',
        )}
      </p>
      <Link to="/contact" className={buttonClasses('secondary', 'lg', 'mt-8')}>
        Send us your story
      </Link>
    </div>
  );
}

export function TestimonialsSection() {
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref, '600px 0px');

  return (
    <section ref={ref} id="testimonials" aria-labelledby="testimonials-title" className="py-20 md:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        {shown.length > 0 ? (
          <>
            <div className="mx-auto max-w-2xl text-center">
              <p className="text-sm font-semibold tracking-wider text-brand uppercase">Testimonials</p>
              <h2 id="testimonials-title" className="mt-3 font-display text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
                Players are already shooting better
              </h2>
            </div>
            {near ? (
              <Suspense fallback={<ListPlaceholder />}>
                <TestimonialsList items={shown} />
              </Suspense>
            ) : (
              <ListPlaceholder />
            )}
          </>
        ) : (
          <ShareYourStory />
        )}
      </div>
    </section>
  );
}
