import { ArrowRight, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { founders, shownEntries } from '@/content/people';
import { withBrand } from '@/lib/brand';
import { siteConfig } from '@/lib/site-config';
import { PageSection, SectionHeading } from '../content-page-parts';
import { FounderCard } from './founder-card';

/** Real founders, and the samples too in development (content/people.ts). */
const shown = shownEntries(founders, siteConfig.samples);

/** No founder has agreed to be listed yet: the team as a whole, with nothing made up. */
function TheTeam() {
  return (
    <article
      aria-labelledby="team-card-heading"
      className="mx-auto mt-12 flex max-w-3xl flex-col items-center rounded-2xl border border-border bg-elevated p-6 text-center shadow-[0_16px_40px_-28px_rgb(var(--shadow)/0.5)] sm:p-10"
      data-testid="team-card"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-brand-soft text-brand">
        <Users className="size-7" aria-hidden="true" />
      </span>
      <h3 id="team-card-heading" className="mt-5 font-display text-xl font-bold text-foreground">
        Players, coaches and engineers
      </h3>
      <p className="mt-4 text-base text-pretty text-muted sm:text-lg">
        {withBrand(
          'We are a small team based in Finland. Between us we cover the company and its partnerships with clubs, the computer-vision engine that reads a shot from one phone camera, and the coaching behind every cue {product} gives. We test every release with youth, amateur and elite players before it ships.',
        )}
      </p>
      <Link to="/contact" className="mt-6 inline-flex items-center gap-1.5 rounded-sm text-sm font-semibold text-brand underline-offset-4 hover:underline">
        Get in touch with the team
        <ArrowRight className="size-4" aria-hidden="true" />
      </Link>
    </article>
  );
}

/** About: the founders' cards, or the team as a whole until real entries exist. */
export function AboutFoundersSection() {
  return (
    <PageSection tone="surface" labelledBy="founders-heading">
      {shown.length > 0 ? (
        <>
          <SectionHeading
            id="founders-heading"
            eyebrow="The team"
            title="Meet the founders"
            lead={`${shown.length === 3 ? 'Three people, one goal' : 'One goal'}: give every player access to the kind of shooting coaching that used to be reserved for the pros.`}
            className="mx-auto text-center"
          />
          <ul className="mt-12 grid gap-6 md:grid-cols-3" aria-label="Founders">
            {shown.map((founder, index) => (
              <FounderCard key={`${founder.role}-${index}`} founder={founder} index={index} />
            ))}
          </ul>
        </>
      ) : (
        <>
          <SectionHeading
            id="founders-heading"
            eyebrow="The team"
            title="Meet the team"
            lead="One goal: give every player access to the kind of shooting coaching that used to be reserved for the pros."
            className="mx-auto text-center"
          />
          <TheTeam />
        </>
      )}
    </PageSection>
  );
}
