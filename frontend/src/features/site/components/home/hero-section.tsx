import { StoreBadges } from '@/components/ui/store-badges';
import type { ReactNode } from 'react';
import { withBrand } from '@/lib/brand';

// Background art: one image for desktop (>= 768 px), one for mobile. Decorative, so alt="".
export const HERO_IMAGE_DESKTOP = '/images/hero-desktop.svg';
export const HERO_IMAGE_MOBILE = '/images/hero-mobile.svg';

/** `waitlistForm`: the waitlist feature's form, composed in by the home page (app/pages). */
export function HeroSection({ waitlistForm }: { waitlistForm: ReactNode }) {
  return (
    <section
      id="waitlist"
      aria-labelledby="hero-title"
      // Pulled up under the translucent sticky header so the art runs to the top edge.
      className="relative isolate -mt-16 overflow-hidden pt-16"
    >
      <picture className="absolute inset-0 -z-20 block">
        <source media="(min-width: 768px)" srcSet={HERO_IMAGE_DESKTOP} width={1920} height={1080} />
        <img
          src={HERO_IMAGE_MOBILE}
          alt=""
          width={750}
          height={1334}
          fetchPriority="high"
          decoding="async"
          className="size-full object-cover object-center invert hue-rotate-180 dark:invert-0 dark:hue-rotate-0"
        />
      </picture>
      {/* Scrim: keeps every line of text above 4.5:1 whatever the art does underneath.
          The art is drawn for the dark theme; the light theme shows it inverted (hues kept). */}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-b from-background/80 via-background/70 to-background lg:bg-gradient-to-r lg:from-background/95 lg:via-background/75 lg:to-background/40"
      />

      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 pt-14 pb-20 sm:px-6 md:pt-20 md:pb-24 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,0.85fr)] lg:gap-16 lg:px-8 lg:pt-24 lg:pb-32">
        <div className="mx-auto max-w-2xl text-center lg:mx-0 lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border border-border bg-elevated/80 px-3 py-1 text-xs font-semibold tracking-wide text-muted uppercase backdrop-blur">
            <span aria-hidden="true" className="size-2 rounded-full bg-brand-solid" />
            AI basketball shooting coach
          </p>
          <h1
            id="hero-title"
            className="mt-6 font-display text-4xl leading-[1.05] font-extrabold tracking-tight text-balance sm:text-5xl md:text-6xl lg:text-7xl"
          >
            Train like the Pros, <span className="text-brand">Become one.</span>
          </h1>
          <p className="mt-6 text-lg font-semibold text-foreground sm:text-xl">Real-time feedback. Smarter training.</p>
          <p className="mt-2 text-lg text-muted text-pretty sm:text-xl">{withBrand('{product} is your AI-powered coach, built to make you better.')}</p>
          <p className="mx-auto mt-8 max-w-xl text-base font-medium text-foreground text-pretty lg:mx-0">
            Be among the world's first to try our AI shooting coach. Download the alpha now.
          </p>
          <StoreBadges sourceTag="homepage-hero" className="mt-5 justify-center lg:justify-start" />
        </div>

        <div className="mx-auto w-full max-w-md lg:mr-0">{waitlistForm}</div>
      </div>
    </section>
  );
}
