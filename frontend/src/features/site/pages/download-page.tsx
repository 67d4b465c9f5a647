import { Activity, Mic, ScanEye, TrendingUp, type LucideIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { BrandLogo } from '@/components/ui/brand-logo';
import { normaliseSourceTag } from '@/lib/arrival';
import { trackDownload, type DownloadPlatform } from '@/lib/track-download';
import { StoreBadges } from '@/components/ui/store-badges';
import { pushToDataLayer } from '@/lib/data-layer';
import { storeUrl } from '@/lib/site-config';
import { brandName, withBrand } from '@/lib/brand';

/** Set by the mobile redirect flow; a visit that arrives that way was already counted. */
export const MOBILE_REDIRECTED_FLAG = 'mobile-redirected';
export const DEFAULT_SOURCE_TAG = 'direct';

const blurbs: ReadonlyArray<{ icon: LucideIcon; title: string; text: string; tone: 'brand' | 'accent' }> = [
  {
    icon: ScanEye,
    title: 'AI Shot Analysis',
    text: 'Your phone camera tracks your elbow angle, release point, follow-through and balance, and compares your makes with your misses. No extra gear.',
    tone: 'brand',
  },
  {
    icon: Mic,
    title: 'Personal Coach',
    text: 'Pick a focus area and get real-time voice feedback on every rep, like a shooting coach standing next to you.',
    tone: 'accent',
  },
  {
    icon: TrendingUp,
    title: 'Track Progress',
    text: 'Watch your form get more consistent session by session. Progress tracking is coming to early-access members after the alpha.',
    tone: 'brand',
  },
];

function parsePlatform(value: string | null): 'ios' | 'android' | null {
  const normalised = value?.trim().toLowerCase();
  return normalised === 'ios' || normalised === 'android' ? normalised : null;
}

/** The phone's platform by its user agent, or null on anything else. */
function phonePlatform(): 'ios' | 'android' | null {
  const agent = navigator.userAgent;
  if (/iPhone|iPad|iPod/i.test(agent)) return 'ios';
  if (/Android/i.test(agent)) return 'android';
  return null;
}

function wasMobileRedirected(): boolean {
  try {
    return window.sessionStorage.getItem(MOBILE_REDIRECTED_FLAG) !== null;
  } catch {
    return false;
  }
}

/**
 * The tag of /download/{tag} as it is counted: normalised (normaliseSourceTag), the default when
 * absent, and the default too when it cannot be used (`refused` holds it as it came, for the notice).
 */
export function downloadPageTag(raw: string | undefined): { sourceTag: string; refused: string | null } {
  const trimmed = raw?.trim();
  if (!trimmed) return { sourceTag: DEFAULT_SOURCE_TAG, refused: null };
  const tag = normaliseSourceTag(trimmed);
  return tag ? { sourceTag: tag, refused: null } : { sourceTag: DEFAULT_SOURCE_TAG, refused: trimmed };
}

/**
 * Records the page visit once per (tag, platform) while mounted: a `page_visit` for the
 * source tag (skipped when the mobile redirect already counted it) and a page view in the
 * data layer. A phone sent straight to its store also records a `store_redirect` (a store
 * open, as a badge click is). Tracking failures are logged and never affect the page. With a
 * tag it cannot use (`redirect` false) the page stays, so that its notice is seen.
 */
function useDownloadPageVisit(sourceTag: string, queryPlatform: 'ios' | 'android' | null, redirect: boolean): void {
  const recorded = useRef<string | null>(null);

  useEffect(() => {
    const key = `${sourceTag}|${queryPlatform ?? ''}`;
    // React's StrictMode runs effects twice in development; record each visit once.
    if (recorded.current === key) return;
    recorded.current = key;

    // A phone without an explicit ?platform= goes straight to its store, once per session: the
    // visit is recorded here, and coming back to the page (Back) neither counts nor redirects again.
    const phone = redirect && queryPlatform === null && !wasMobileRedirected() ? phonePlatform() : null;
    const listing = phone ? storeUrl(phone) : undefined;
    if (phone && listing) {
      try {
        window.sessionStorage.setItem(MOBILE_REDIRECTED_FLAG, 'true');
      } catch {
        // Without storage the visitor is redirected again next time; the visit is still counted once here.
      }
      // keepalive: the request outlives the page, so the store opens without waiting for it.
      trackDownload({ source_tag: sourceTag, platform: phone, click_type: 'page_visit', explicit_choice: false }).catch((err: unknown) =>
        console.error('Error tracking download:', err),
      );
      // The redirect opens the store: counted as a store open, beside the visit.
      trackDownload({ source_tag: sourceTag, platform: phone, click_type: 'store_redirect' }).catch((err: unknown) =>
        console.error('Error tracking download:', err),
      );
      pushToDataLayer({
        event: 'page_view',
        page_path: window.location.pathname,
        page_title: document.title,
        source_tag: sourceTag,
        platform: phone,
      });
      window.location.assign(listing);
      return;
    }

    const platform: DownloadPlatform = queryPlatform ?? 'desktop';
    if (!wasMobileRedirected()) {
      trackDownload({
        source_tag: sourceTag,
        platform,
        click_type: 'page_visit',
        explicit_choice: queryPlatform !== null,
      }).catch((err: unknown) => {
        console.error('Error tracking download:', err);
      });
    }
    pushToDataLayer({
      event: 'page_view',
      page_path: window.location.pathname,
      page_title: document.title,
      source_tag: sourceTag,
      platform,
    });
  }, [sourceTag, queryPlatform, redirect]);
}

export function DownloadPage() {
  const { tag } = useParams<{ tag?: string }>();
  const [searchParams] = useSearchParams();
  const { sourceTag, refused } = downloadPageTag(tag);
  const queryPlatform = parsePlatform(searchParams.get('platform'));

  useDownloadPageVisit(sourceTag, queryPlatform, refused === null);

  return (
    <div className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(48rem_28rem_at_50%_-4rem,color-mix(in_oklab,var(--brand-solid)_20%,transparent),transparent),radial-gradient(36rem_22rem_at_100%_30%,color-mix(in_oklab,var(--accent)_12%,transparent),transparent)]"
      />

      <section aria-labelledby="download-heading" className="mx-auto max-w-3xl px-4 pt-16 pb-12 text-center sm:px-6 sm:pt-24">
        <div className="flex justify-center">
          <BrandLogo size="lg" testId="download-logo" />
        </div>
        <p className="mt-8 inline-flex items-center gap-2 rounded-full bg-brand-soft px-3 py-1 text-xs font-semibold tracking-wider text-brand uppercase">
          <Activity className="size-3.5" aria-hidden="true" />
          Alpha now available
        </p>
        <h1 id="download-heading" className="mt-5 font-display text-4xl font-extrabold tracking-tight text-balance text-foreground sm:text-6xl">
          Your AI Basketball Coach
        </h1>
        <p className="mx-auto mt-5 max-w-xl text-lg text-pretty text-muted sm:text-xl">
          {withBrand('{product} watches your shot through your phone camera and coaches you on every rep. Download the app and start training smarter today.')}
        </p>
        {refused !== null && (
          <p
            role="status"
            data-testid="download-tag-notice"
            className="mx-auto mt-8 max-w-xl rounded-xl border border-border bg-elevated px-4 py-3 text-sm text-pretty text-foreground"
          >
            This link&rsquo;s tag &ldquo;{refused}&rdquo; can&rsquo;t be used (tags are letters a&ndash;z, digits, - and _), so this visit is counted without
            it. You can still get the app below.
          </p>
        )}
        <StoreBadges sourceTag={sourceTag} className="mt-10 justify-center" />
        <p className="mt-5 text-sm text-muted">Available for iOS and Android. Early-access members use the app free during the private launch.</p>
      </section>

      <section aria-labelledby="download-features-heading" className="mx-auto max-w-6xl px-4 pt-4 pb-20 sm:px-6 sm:pb-28 lg:px-8">
        <h2 id="download-features-heading" className="sr-only">
          What you get
        </h2>
        <ul className="grid gap-5 md:grid-cols-3">
          {blurbs.map(({ icon: Icon, title, text, tone }) => (
            <li
              key={title}
              className="rounded-2xl border border-border bg-elevated/90 p-6 text-left shadow-[0_16px_40px_-28px_rgb(var(--shadow)/0.5)] backdrop-blur-sm sm:p-7"
            >
              <span
                className={
                  tone === 'brand'
                    ? 'flex size-11 items-center justify-center rounded-xl bg-brand-soft text-brand'
                    : 'flex size-11 items-center justify-center rounded-xl bg-accent-soft text-accent'
                }
              >
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-foreground">{title}</h3>
              <p className="mt-2 text-pretty text-muted">{text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center text-sm text-muted">
          By using {brandName} you agree to our{' '}
          <Link to="/terms-of-service" className="font-medium text-brand underline underline-offset-4">
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link to="/privacy-policy" className="font-medium text-brand underline underline-offset-4">
            Privacy Policy
          </Link>
          .
        </p>
      </section>
    </div>
  );
}

export default DownloadPage;
