import { api } from '@/lib/api-client';

// POST /api/analytics/downloads: records a store-badge click or a download-page visit
// (spec §3 "Download tracking event", §7 "track-download"). The server answers 202.

export type DownloadPlatform = 'ios' | 'android' | 'desktop';
export type DownloadClickType = 'badge_click' | 'page_visit';

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
  if (input.click_type === 'page_visit') rememberArrival(input.source_tag);
  await api.post<unknown>(TRACK_DOWNLOAD_PATH, input, {
    // The visitor may leave for the store right away; let the request outlive the page.
    keepalive: true,
  });
}

/** Where a visitor arrived from, sent with a waitlist join so that sign-ups can be counted by source. */
export interface ArrivalSource {
  source_tag?: string;
  utm_source?: string;
  utm_campaign?: string;
}

const ARRIVAL_KEY = 'arrival-source';
const UTM = /^[A-Za-z0-9][A-Za-z0-9 ._~+-]{0,99}$/;

function storedArrival(): ArrivalSource {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(ARRIVAL_KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' ? (value as ArrivalSource) : {};
  } catch {
    return {};
  }
}

/**
 * Remembers, for this tab's session, the first download-page tag and utm parameters the visitor
 * came with (the first source wins: a later internal link does not replace it).
 */
export function rememberArrival(sourceTag?: string): void {
  try {
    const params = new URLSearchParams(window.location.search);
    const found: ArrivalSource = {
      source_tag: sourceTag,
      utm_source: params.get('utm_source')?.trim() || undefined,
      utm_campaign: params.get('utm_campaign')?.trim() || undefined,
    };
    const arrival = storedArrival();
    for (const key of ['source_tag', 'utm_source', 'utm_campaign'] as const) {
      const value = found[key];
      if (!arrival[key] && value && UTM.test(value) && (key !== 'source_tag' || /^[a-z0-9][a-z0-9_-]{0,63}$/i.test(value)))
        arrival[key] = value;
    }
    window.sessionStorage.setItem(ARRIVAL_KEY, JSON.stringify(arrival));
  } catch {
    // Storage unavailable (private mode): the join is simply not attributed.
  }
}

/** The arrival source to send with a join (only the fields known). */
export function arrivalSource(): ArrivalSource {
  if (typeof window === 'undefined') return {};
  rememberArrival();
  return storedArrival();
}
