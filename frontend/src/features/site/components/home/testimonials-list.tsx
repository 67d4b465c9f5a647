import { Quote } from 'lucide-react';
import { SampleTag } from '@/components/ui/sample-tag';
import type { Testimonial } from '@/content/people';
import { withBrand } from '@/lib/brand';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

export default function TestimonialsList({ items }: { items: Testimonial[] }) {
  // Four cards sit better as 2 + 2 or one row of four than as 3 + 1.
  const gridColumns = items.length === 4 ? 'md:grid-cols-2 xl:grid-cols-4' : 'md:grid-cols-2 lg:grid-cols-3';
  return (
    <ul className={`mt-12 grid gap-6 ${gridColumns}`} data-testid="testimonials-list">
      {items.map((item) => (
        <li key={`${item.name}-${item.quote.slice(0, 16)}`}>
          <figure className="flex h-full flex-col rounded-2xl border border-border bg-elevated p-6 shadow-sm" data-sample={item.sample ? 'true' : undefined}>
            <div className="flex items-start justify-between gap-3">
              <Quote aria-hidden="true" className="size-7 text-brand" />
              {item.sample ? <SampleTag /> : null}
            </div>
            <blockquote className="mt-4 flex-1 text-foreground text-pretty">
              <p>{withBrand(item.quote)}</p>
            </blockquote>
            <figcaption className="mt-6 flex items-center gap-3">
              <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-full bg-accent-soft text-sm font-bold text-accent">
                {initials(item.name)}
              </span>
              <span>
                <span className="block font-semibold">{item.name}</span>
                <span className="block text-sm text-muted">{withBrand(item.detail)}</span>
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
