import { HeartHandshake, MapPin, Smartphone } from 'lucide-react';
import { withBrand } from '@/lib/brand';
import { PageSection, SectionHeading } from '../content-page-parts';

/** The facts beside the team story. */
const atAGlance = [
  { icon: MapPin, tone: 'brand', title: 'Based in Finland', text: 'Designed, built and tested by a team based in Finland.' },
  { icon: Smartphone, tone: 'accent', title: 'iOS and Android', text: 'Both platforms are available at launch. No extra gear needed.' },
  {
    icon: HeartHandshake,
    tone: 'brand',
    title: 'Youth to elite',
    text: 'Simple cues for young players, detailed analysis for experienced ones.',
  },
] as const;

/** About: how it started, with the facts at a glance beside it. */
export function AboutStorySection() {
  return (
    <PageSection labelledBy="story-heading">
      <div className="grid gap-12 lg:grid-cols-[1.2fr_1fr] lg:items-start lg:gap-16">
        <div>
          <SectionHeading id="story-heading" eyebrow="Our story" title="It started with a missed shot, and a question" />
          <div className="mt-6 space-y-5 text-lg text-pretty text-muted">
            <p>
              Every player knows the feeling: the shot that felt perfect in warm-ups keeps rimming out in the game, and nobody can tell you why. Good shooting
              coaches can, but most players never get more than a few minutes of their attention.
            </p>
            <p>
              {withBrand(
                "We started {product} to close that gap. Our phones already have cameras good enough to see what a coach sees: the elbow drifting out, a release that drops when you're tired, a follow-through that stops short. What was missing was a coach inside the phone that understands basketball.",
              )}
            </p>
            <p>
              {withBrand(
                'So we built one. {product} learns your shot from your first 10+ attempts, compares your makes with your misses, and coaches you with short voice cues on every rep. And we test every release with players and coaches, from youth teams to elite, before it ships.',
              )}
            </p>
          </div>
        </div>

        <aside aria-label="At a glance" className="rounded-2xl border border-border bg-surface p-6 sm:p-8">
          <ul className="space-y-6">
            {atAGlance.map(({ icon: Icon, tone, title, text }) => (
              <li key={title} className="flex gap-4">
                <span
                  className={
                    tone === 'brand'
                      ? 'flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand'
                      : 'flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent'
                  }
                >
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <p className="font-semibold text-foreground">{title}</p>
                  <p className="mt-1 text-muted">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </aside>
      </div>
    </PageSection>
  );
}
