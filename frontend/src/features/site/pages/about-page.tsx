import { ArrowRight, ExternalLink, HeartHandshake, MapPin, ShieldCheck, Smartphone } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { HashLink } from '@/components/ui/hash-link';
import { teamMembers, type TeamMember } from '@/content/site-content';
import { brandName, withBrand } from '@/lib/brand';
import { CtaBand, PageIntro, PageSection, SectionHeading } from '../components/content-page-parts';

const PORTRAIT_SIZE = 112;

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

/** Colour pairs for the illustrated portraits, so the three cards are easy to tell apart. */
const portraitPalettes = [
  { from: '#f97316', to: '#c2410c', figure: '#fff7ed' },
  { from: '#3b82f6', to: '#1d4ed8', figure: '#eff6ff' },
  { from: '#fb923c', to: '#2563eb', figure: '#fffbeb' },
] as const;

function IllustratedPortrait({ index }: { index: number }) {
  const palette = portraitPalettes[index % portraitPalettes.length];
  const gradientId = `portrait-gradient-${index}`;
  return (
    <svg
      viewBox="0 0 112 112"
      width={PORTRAIT_SIZE}
      height={PORTRAIT_SIZE}
      aria-hidden="true"
      focusable="false"
      className="size-28 rounded-full shadow-md ring-4 ring-background"
      data-testid="founder-portrait"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={palette.from} />
          <stop offset="1" stopColor={palette.to} />
        </linearGradient>
        <clipPath id={`${gradientId}-clip`}>
          <circle cx="56" cy="56" r="56" />
        </clipPath>
      </defs>
      <g clipPath={`url(#${gradientId}-clip)`}>
        <rect width="112" height="112" fill={`url(#${gradientId})`} />
        {/* Basketball seams in the background. */}
        <g fill="none" stroke="#ffffff" strokeOpacity="0.18" strokeWidth="3">
          <path d="M0 56h112" />
          <path d="M56 0v112" />
          <path d="M18 6c16 14 16 86 0 100" />
          <path d="M94 6c-16 14-16 86 0 100" />
        </g>
        {/* Head and shoulders. */}
        <circle cx="56" cy="46" r="19" fill={palette.figure} />
        <path d="M18 112c2-24 18-38 38-38s36 14 38 38z" fill={palette.figure} />
      </g>
    </svg>
  );
}

function FounderPortrait({ member, index }: { member: TeamMember; index: number }) {
  if (member.image) {
    return (
      <img
        src={member.image}
        alt=""
        width={PORTRAIT_SIZE}
        height={PORTRAIT_SIZE}
        loading="lazy"
        decoding="async"
        className="size-28 rounded-full object-cover shadow-md ring-4 ring-background"
        data-testid="founder-portrait"
      />
    );
  }
  return <IllustratedPortrait index={index} />;
}

function ProfileLink({ member }: { member: TeamMember }) {
  const role = withBrand(member.role);
  const name = withBrand(member.name);
  const className =
    'inline-flex items-center gap-1.5 rounded-sm text-sm font-semibold text-brand underline-offset-4 hover:underline';

  if (/^https?:\/\//i.test(member.profileUrl)) {
    return (
      <a
        href={member.profileUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={className}
        aria-label={`Profile of ${name}, ${role} (opens in a new tab)`}
      >
        View profile
        <ExternalLink className="size-4" aria-hidden="true" />
      </a>
    );
  }
  return (
    <Link to={member.profileUrl} className={className} aria-label={`Get in touch with our ${role}`}>
      Get in touch
      <ArrowRight className="size-4" aria-hidden="true" />
    </Link>
  );
}

function FounderCard({ member, index }: { member: TeamMember; index: number }) {
  const headingId = `founder-${index}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex h-full flex-col items-center rounded-2xl border border-border bg-elevated p-6 text-center shadow-[0_16px_40px_-28px_rgb(var(--shadow)/0.5)] sm:p-8"
        data-testid="founder-card"
      >
        <FounderPortrait member={member} index={index} />
        <h3 id={headingId} className="mt-5 font-display text-xl font-bold text-foreground">
          {withBrand(member.name)}
        </h3>
        <p className="mt-1 text-sm font-semibold text-accent">{withBrand(member.role)}</p>
        <p className="mt-4 flex-1 text-base text-pretty text-muted">{withBrand(member.description)}</p>
        <div className="mt-6">
          <ProfileLink member={member} />
        </div>
      </article>
    </li>
  );
}

export function AboutPage() {

  return (
    <>
      <PageIntro
        eyebrow={`About ${brandName}`}
        title="Built by players, for every player"
        lead={withBrand(
          '{product} is a small team of players, coaches and engineers in Finland building the shooting coach we always wished we had: one that watches every rep and tells you exactly what to fix.',
        )}
      />

      <PageSection labelledBy="story-heading">
        <div className="grid gap-12 lg:grid-cols-[1.2fr_1fr] lg:items-start lg:gap-16">
          <div>
            <SectionHeading id="story-heading" eyebrow="Our story" title="It started with a missed shot, and a question" />
            <div className="mt-6 space-y-5 text-lg text-pretty text-muted">
              <p>
                Every player knows the feeling: the shot that felt perfect in warm-ups keeps rimming out in the game,
                and nobody can tell you why. Good shooting coaches can, but most players never get more than a few
                minutes of their attention.
              </p>
              <p>
                {withBrand(
                  "We started {product} to close that gap. Our phones already have cameras good enough to see what a coach sees: the elbow drifting out, a release that drops when you're tired, a follow-through that stops short. What was missing was a coach inside the phone that understands basketball.",
                )}
              </p>
              <p>
                {withBrand(
                  "So we built one. {product} learns your shot from your first 10+ attempts, compares your makes with your misses, and coaches you with short voice cues on every rep. And we test every release with players and coaches, from youth teams to elite, before it ships.",
                )}
              </p>
            </div>
          </div>

          <aside
            aria-label="At a glance"
            className="rounded-2xl border border-border bg-surface p-6 sm:p-8"
          >
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

      <CtaBand
        id="about-cta-heading"
        title="Ready to fix your shot?"
        lead="Get the app, set your phone on the baseline and let your new coach watch every rep."
      >
        <Link to="/contact" className={buttonClasses('primary', 'lg')}>
          Download the App
        </Link>
        <HashLink section="product" className={buttonClasses('secondary', 'lg')}>
          See How It Works
        </HashLink>
      </CtaBand>
    </>
  );
}

export default AboutPage;
