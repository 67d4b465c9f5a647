import { ArrowRight, ExternalLink } from 'lucide-react';
import { Link } from 'react-router-dom';
import { SampleTag } from '@/components/ui/sample-tag';
import type { Founder } from '@/content/people';
import { withBrand } from '@/lib/brand';

// A founder on the About page: portrait (photo or illustration), name, role, story and a link
// (their public profile, or the contact page).

const PORTRAIT_SIZE = 112;

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

function FounderPortrait({ founder, index }: { founder: Founder; index: number }) {
  if (founder.photo) {
    return (
      <img
        src={founder.photo}
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

function ProfileLink({ founder }: { founder: Founder }) {
  const role = withBrand(founder.role);
  const name = withBrand(founder.name);
  const className = 'inline-flex items-center gap-1.5 rounded-sm text-sm font-semibold text-brand underline-offset-4 hover:underline';

  if (founder.profileUrl && /^https:\/\//i.test(founder.profileUrl)) {
    return (
      <a
        href={founder.profileUrl}
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
    <Link to="/contact" className={className} aria-label={`Get in touch with our ${role}`}>
      Get in touch
      <ArrowRight className="size-4" aria-hidden="true" />
    </Link>
  );
}

export function FounderCard({ founder, index }: { founder: Founder; index: number }) {
  const headingId = `founder-${index}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex h-full flex-col items-center rounded-2xl border border-border bg-elevated p-6 text-center shadow-[0_16px_40px_-28px_rgb(var(--shadow)/0.5)] sm:p-8"
        data-testid="founder-card"
      >
        <FounderPortrait founder={founder} index={index} />
        {founder.sample ? <SampleTag className="mt-4" /> : null}
        <h3 id={headingId} className="mt-5 font-display text-xl font-bold text-foreground">
          {withBrand(founder.name)}
        </h3>
        <p className="mt-1 text-sm font-semibold text-accent">{withBrand(founder.role)}</p>
        <p className="mt-4 flex-1 text-base text-pretty text-muted">{withBrand(founder.description)}</p>
        <div className="mt-6">
          <ProfileLink founder={founder} />
        </div>
      </article>
    </li>
  );
}
