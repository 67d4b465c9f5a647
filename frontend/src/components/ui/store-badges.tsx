import { clsx } from 'clsx';
import { STORE_URLS, type StorePlatform } from '@/config/stores';
import { trackDownload } from '@/lib/track-download';
import { pushToDataLayer } from '@/lib/data-layer';

const BADGES: ReadonlyArray<{ platform: StorePlatform; src: string; label: string }> = [
  { platform: 'ios', src: '/badges/app-store.svg', label: 'Download on the App Store' },
  { platform: 'android', src: '/badges/google-play.svg', label: 'Get it on Google Play' },
];

/**
 * App Store and Google Play badges (200x56 px each). A click records a `badge_click` for
 * `sourceTag` (fire-and-forget), pushes `app_download_click` to the data layer and opens the
 * store listing in a new tab. The tab is opened by the link itself, synchronously with the
 * click, so popup blockers allow it and a tracking failure can never block it.
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
      {BADGES.map(({ platform, src, label }) => (
        <a
          key={platform}
          href={STORE_URLS[platform]}
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
          <img
            src={src}
            alt={label}
            width={200}
            height={56}
            className="block h-14 w-[200px] max-w-none"
            loading="eager"
            decoding="async"
          />
        </a>
      ))}
    </div>
  );
}
