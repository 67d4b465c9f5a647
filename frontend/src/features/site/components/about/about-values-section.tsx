import { HeartHandshake, ShieldCheck, Smartphone } from 'lucide-react';
import { withBrand } from '@/lib/brand';
import { PageSection, SectionHeading } from '../content-page-parts';

const values = [
  {
    icon: Smartphone,
    title: 'Just your phone',
    text: 'Elite-level analysis should not need a lab, sensors or a second person filming. If you have a phone and a hoop, you have a coach.',
  },
  {
    icon: HeartHandshake,
    title: 'Coaching, not just numbers',
    text: 'Data only helps when it changes the next shot. {product} picks one thing to work on and tells you about it while you shoot.',
  },
  {
    icon: ShieldCheck,
    title: 'Your videos stay yours',
    text: 'We use your footage to coach you and for nothing else without your permission. You can ask us to delete it at any time.',
  },
] as const;

/** About: what we believe, as three cards. */
export function AboutValuesSection() {
  return (
    <PageSection labelledBy="values-heading">
      <SectionHeading id="values-heading" eyebrow="What we believe" title="How we build" />
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {values.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-2xl border border-border bg-elevated p-6">
            <span className="flex size-11 items-center justify-center rounded-xl bg-brand-soft text-brand">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-foreground">{title}</h3>
            <p className="mt-2 text-muted text-pretty">{withBrand(text)}</p>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}
