import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { featureCards, type FeatureCard } from '@/content/site-content';
import { withBrand } from '@/lib/brand';
import { DemoVideo } from './demo-video';
import { FeatureIcon } from './feature-icon';

/** Desktop (>= 768 px): the feature cards beside the video. */
function FeatureCards({ cards }: { cards: FeatureCard[] }) {
  return (
    <ul className="hidden flex-col gap-5 md:flex" data-testid="feature-cards">
      {cards.map((card) => (
        <li key={card.title} className="group flex gap-5 rounded-2xl border border-border bg-elevated p-6 shadow-sm transition-shadow hover:shadow-md">
          <FeatureIcon card={card} className="size-12" />
          <div>
            <h3 className="font-display text-lg font-bold tracking-tight">{withBrand(card.title)}</h3>
            <p className="mt-2 text-muted text-pretty">{withBrand(card.description)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Mobile (< 768 px): three chips under the video; each opens and closes on its own. */
function FeatureChips({ cards }: { cards: FeatureCard[] }) {
  const baseId = useId();
  const [open, setOpen] = useState<boolean[]>(() => cards.map(() => false));

  const toggle = (index: number) => setOpen((current) => current.map((value, i) => (i === index ? !value : value)));

  return (
    <ul className="mt-8 flex flex-col gap-3 md:hidden" data-testid="feature-chips">
      {cards.map((card, index) => {
        const expanded = open[index] ?? false;
        const panelId = `${baseId}-chip-${index}`;
        return (
          <li key={card.title} className={clsx('rounded-2xl border bg-elevated transition-colors', expanded ? 'border-border-strong' : 'border-border')}>
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={panelId}
              onClick={() => toggle(index)}
              className="flex min-h-14 w-full items-center gap-3 rounded-2xl px-4 py-3 text-left"
            >
              <FeatureIcon card={card} className="size-9" />
              <span className="flex-1 font-semibold">{withBrand(card.title)}</span>
              <ChevronDown aria-hidden="true" className={clsx('size-5 text-muted transition-transform duration-200', expanded && 'rotate-180')} />
            </button>
            <div id={panelId} hidden={!expanded} className="px-4 pb-4">
              <p className="text-sm font-semibold">{withBrand(card.title)}</p>
              <p className="mt-1 text-sm text-muted text-pretty">{withBrand(card.description)}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function ProductSection() {
  return (
    <section id="product" aria-labelledby="product-title" className="bg-surface py-20 md:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-3xl text-center">
          <p className="text-sm font-semibold tracking-wider text-brand uppercase">How it works</p>
          <h2 id="product-title" className="mt-3 font-display text-3xl font-extrabold tracking-tight text-balance sm:text-4xl lg:text-5xl">
            See your shot. Understand your form. Train with precision.
          </h2>
          <p className="mt-5 text-lg text-muted text-pretty">
            {withBrand('All you need is your phone. {product} watches every rep and tells you what to fix next.')}
          </p>
        </div>

        <div className="mx-auto mt-14 grid max-w-6xl items-center gap-10 md:mt-16 md:grid-cols-[minmax(0,1fr)_16rem] lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-16 xl:gap-20">
          <FeatureCards cards={featureCards} />
          <div>
            <DemoVideo />
            <FeatureChips cards={featureCards} />
          </div>
        </div>
      </div>
    </section>
  );
}
