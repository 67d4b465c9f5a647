import { api } from '@/lib/api-client';
import { normaliseSourceTag, rememberArrival } from '@/lib/arrival';

// POST /api/analytics/downloads: records a store-badge click or a download-page visit
// (spec §3 "Download tracking event", §7 "track-download"). The server answers 202.

export type DownloadPlatform = 'ios' | 'android' | 'desktop';
/** A store redirect is a phone sent straight to its store by the download page: a store open, like a badge click. */
export type DownloadClickType = 'badge_click' | 'page_visit' | 'store_redirect';

export interface TrackDownloadInput {
  /** Where the button or page sits, e.g. 'homepage-hero', 'direct', 'our-vision'. */
  source_tag: string;
  platform: DownloadPlatform;
  click_type: DownloadClickType;
  /** Page visits only: true when the visitor's platform came from the ?platform= query. */
  explicit_choice?: boolean;
}

export const TRACK_DOWNLOAD_PATH = '/api/analytics/downloads';

/** Sends one tracking event. Rejects (ApiError) on a network failure or a non-2xx answer. */
export async function trackDownload(input: TrackDownloadInput): Promise<void> {
  const sourceTag = normaliseSourceTag(input.source_tag) ?? input.source_tag;
  if (input.click_type === 'page_visit') rememberArrival(sourceTag);
  await api.post<unknown>(
    TRACK_DOWNLOAD_PATH,
    { ...input, source_tag: sourceTag },
    {
      // The visitor may leave for the store right away; let the request outlive the page.
      keepalive: true,
    },
  );
}
