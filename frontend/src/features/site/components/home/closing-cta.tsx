import { ArrowUp } from 'lucide-react';
import { HashLink } from '@/components/ui/hash-link';
import { StoreBadges } from '@/components/ui/store-badges';
import { withBrand } from '@/lib/brand';

/** The last word on the home page: download the alpha or join the waitlist. */
export function ClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="px-4 py-20 sm:px-6 md:py-28 lg:px-8" data-section="cta">
      {/* Always dark, in both themes: white text on #0b0f19 is 18:1. */}
      <div className="relative isolate mx-auto max-w-5xl overflow-hidden rounded-[2rem] bg-[#0b0f19] px-6 py-14 text-center text-white shadow-2xl ring-1 ring-white/10 sm:px-12 md:py-20">
        <div aria-hidden="true" className="absolute -top-32 left-1/2 -z-10 h-72 w-[36rem] -translate-x-1/2 rounded-full bg-[#f97316]/35 blur-3xl" />
        <div aria-hidden="true" className="absolute -right-24 -bottom-32 -z-10 h-64 w-96 rounded-full bg-[#3b82f6]/25 blur-3xl" />
        <h2 id="cta-title" className="font-display text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">
          Start improving today
        </h2>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-[#cbd3e1]">
          {withBrand('Download the alpha and get {product} in your pocket: real-time feedback on every rep, from your first shot.')}
        </p>
        <StoreBadges sourceTag="homepage-cta" className="mt-10 justify-center" />
        <HashLink
          section="waitlist"
          data-cta="homepage"
          className="mt-6 inline-flex items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold text-[#ffb27a] transition-colors hover:text-white focus-visible:outline-[#ffb27a]"
        >
          Or join the waitlist
          <ArrowUp className="size-4" aria-hidden="true" />
        </HashLink>
      </div>
    </section>
  );
}
