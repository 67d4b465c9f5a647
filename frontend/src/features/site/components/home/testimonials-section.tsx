import { lazy, Suspense, useRef, type CSSProperties } from 'react';
import { testimonials } from '@/content/site-content';
import { useNearViewport } from '@/hooks/use-in-view';

// The cards are a separate chunk, fetched only when the section approaches the viewport.
const TestimonialsList = lazy(() => import('./testimonials-list'));

/** Reserves roughly the list's height (rows of cards per breakpoint) so little moves when it arrives. */
function ListPlaceholder() {
  const count = testimonials.length;
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

export function TestimonialsSection() {
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref, '600px 0px');
  const hasContent = testimonials.length > 0;

  return (
    <section
      ref={ref}
      id="testimonials"
      aria-labelledby={hasContent ? 'testimonials-title' : undefined}
      aria-label={hasContent ? undefined : 'Testimonials'}
      className={hasContent ? 'py-20 md:py-28' : undefined}
    >
      {hasContent ? (
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-2xl text-center">
            <p className="text-sm font-semibold tracking-wider text-brand uppercase">Testimonials</p>
            <h2
              id="testimonials-title"
              className="mt-3 font-display text-3xl font-extrabold tracking-tight text-balance sm:text-4xl"
            >
              Players are already shooting better
            </h2>
          </div>
          {near ? (
            <Suspense fallback={<ListPlaceholder />}>
              <TestimonialsList />
            </Suspense>
          ) : (
            <ListPlaceholder />
          )}
        </div>
      ) : null}
    </section>
  );
}
