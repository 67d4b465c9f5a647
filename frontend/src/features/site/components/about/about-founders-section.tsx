import { teamMembers } from '@/content/site-content';
import { PageSection, SectionHeading } from '../content-page-parts';
import { FounderCard } from './founder-card';

/** About: the founders' cards. */
export function AboutFoundersSection() {
  return (
    <PageSection tone="surface" labelledBy="founders-heading">
      <SectionHeading
        id="founders-heading"
        eyebrow="The team"
        title="Meet the founders"
        lead="Three people, one goal: give every player access to the kind of shooting coaching that used to be reserved for the pros."
        className="mx-auto text-center"
      />
      <ul className="mt-12 grid gap-6 md:grid-cols-3" aria-label="Founders">
        {teamMembers.map((member, index) => (
          <FounderCard key={`${member.role}-${index}`} member={member} index={index} />
        ))}
      </ul>
    </PageSection>
  );
}
