import { ChevronDown } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { faqEntries } from '@/content/site-content';
import { useNearViewport } from '@/hooks/use-in-view';
import { withBrand } from '@/lib/brand';
import { faqTriggerClass, FaqChevronBadge } from './faq-parts';

// The interactive accordion (Radix) is its own chunk, fetched as the section approaches the
// viewport. Until then the same questions are shown with identical markup and size, so the
// swap moves nothing; a question clicked in that short window opens once the chunk is in.
const FaqAccordion = lazy(() => import('./faq-accordion'));

function StaticFaqList({ onOpen }: { onOpen: (value: string) => void }) {
  return (
    <div className="divide-y divide-border border-y border-border">
      {faqEntries.map((entry, index) => (
        <div key={entry.question} data-state="closed">
          <h3 className="m-0">
            <button type="button" aria-expanded="false" className={faqTriggerClass} onClick={() => onOpen(`faq-${index}`)}>
              {withBrand(entry.question)}
              <FaqChevronBadge>
                <ChevronDown className="size-4" />
              </FaqChevronBadge>
            </button>
          </h3>
        </div>
      ))}
    </div>
  );
}

/** Spec §2 Home: the FAQ accordion, one answer open at a time, and the open one can be closed. */
export function FaqSection() {
  const ref = useRef<HTMLElement>(null);
  const near = useNearViewport(ref, '800px 0px');
  const [pending, setPending] = useState<string | undefined>(undefined);
  const fallback = <StaticFaqList onOpen={setPending} />;

  return (
    <section ref={ref} id="faq" aria-labelledby="faq-title" className="border-t border-border bg-surface py-20 md:py-28">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-[minmax(0,0.8fr)_minmax(0,1.2fr)] lg:gap-16 lg:px-8">
        <div className="lg:sticky lg:top-28 lg:self-start">
          <p className="text-sm font-semibold tracking-wider text-brand uppercase">FAQ</p>
          <h2 id="faq-title" className="mt-3 font-display text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
            Frequently asked questions
          </h2>
          <p className="mt-5 text-lg text-muted text-pretty">
            {withBrand('Everything you need to know about {product} and the alpha.')} Can't find your answer?{' '}
            <Link to="/contact" className="font-semibold text-brand underline-offset-4 hover:underline">
              Contact us
            </Link>
            .
          </p>
        </div>

        {near || pending ? (
          <Suspense fallback={fallback}>
            <FaqAccordion defaultValue={pending} />
          </Suspense>
        ) : (
          fallback
        )}
      </div>
    </section>
  );
}
