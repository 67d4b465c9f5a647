import { clsx } from 'clsx';
import type { StorePlatform } from '@/config/site-config';
import { storeUrl } from '@/lib/site-config';
import { trackDownload } from '@/lib/track-download';
import { pushToDataLayer } from '@/lib/data-layer';

const BADGES: ReadonlyArray<{ platform: StorePlatform; src: string; label: string; store: string }> = [
  { platform: 'ios', src: '/badges/app-store.svg', label: 'Download on the App Store', store: 'App Store' },
  { platform: 'android', src: '/badges/google-play.svg', label: 'Get it on Google Play', store: 'Google Play' },
];

/** A store where the app has no listing yet (no APP_STORE_URL / GOOGLE_PLAY_URL): the badge, dimmed, marked, and no link. */
function ComingSoonBadge({ platform, src, store }: { platform: StorePlatform; src: string; store: string }) {
  return (
    <span className="relative inline-block shrink-0" data-platform={platform} data-coming-soon="true">
      <img src={src} alt="" width={200} height={56} className="block h-14 w-[200px] max-w-none opacity-50 grayscale" decoding="async" />
      <span className="absolute -top-2.5 right-2 rounded-full border border-border bg-background px-2 py-0.5 text-[0.6875rem] leading-none font-semibold tracking-wide whitespace-nowrap text-foreground shadow-sm">
        <span className="sr-only">{store}: </span>Coming soon
      </span>
    </span>
  );
}

/**
 * App Store and Google Play badges (200x56 px each). A click records a `badge_click` for
 * `sourceTag` (fire-and-forget), pushes `app_download_click` to the data layer and opens the
 * store listing in a new tab. The tab is opened by the link itself, synchronously with the
 * click, so popup blockers allow it and a tracking failure can never block it. A store whose
 * listing is not configured shows a "coming soon" badge that links nowhere.
 */
export function StoreBadges({ sourceTag, className }: { sourceTag: string; className?: string }) {
  function handleClick(platform: StorePlatform) {
    return () => {
      trackDownload({ source_tag: sourceTag, platform, click_type: 'badge_click' }).catch((err: unknown) => {
        console.error('Error tracking download:', err);
      });
      pushToDataLayer({ event: 'app_download_click', platform, source: sourceTag });
      // No preventDefault: the browser opens href in a new tab (target="_blank").
    };
  }

  return (
    <div className={clsx('flex flex-wrap items-center gap-3', className)}>
      {BADGES.map(({ platform, src, label, store }) => {
        const href = storeUrl(platform);
        if (!href) return <ComingSoonBadge key={platform} platform={platform} src={src} store={store} />;
        return (
          <a
            key={platform}
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            onClick={handleClick(platform)}
            onAuxClick={(event) => {
              // A middle click also opens the store in a new tab.
              if (event.button === 1) handleClick(platform)();
            }}
            aria-label={`${label} (opens in a new tab)`}
            data-platform={platform}
            className="inline-block shrink-0 rounded-lg transition-transform duration-150 hover:-translate-y-0.5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring motion-reduce:transition-none motion-reduce:hover:translate-y-0"
          >
            <img src={src} alt={label} width={200} height={56} className="block h-14 w-[200px] max-w-none" loading="eager" decoding="async" />
          </a>
        );
      })}
    </div>
  );
}
