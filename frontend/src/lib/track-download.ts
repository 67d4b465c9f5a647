import { api } from '@/lib/api-client';

// POST /api/analytics/downloads: records a store-badge click or a download-page visit
// (spec §3 "Download tracking event", §7 "track-download"). The server answers 202.

export type DownloadPlatform = 'ios' | 'android' | 'desktop';
/** A store redirect is a phone sent straight to its store by the download page: a store open, like a badge click. */
export type DownloadClickType = 'badge_click' | 'page_visit' | 'store_redirect';

/** The source tags the API accepts once lower-cased: 1-64 letters a-z, digits, - and _, starting with a letter or digit. */
export const SOURCE_TAG_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/**
 * A tag as the API stores it: trimmed, accented letters mapped to their base letter (café ->
 * cafe) and in lower case (HOOPS25 and hoops25 are one source). Null when it still does not
 * fit SOURCE_TAG_PATTERN (spaces, symbols, other scripts, too long).
 */
export function normaliseSourceTag(raw: string): string | null {
  const tag = raw
    .trim()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return SOURCE_TAG_PATTERN.test(tag) ? tag : null;
}

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
  await api.post<unknown>(TRACK_DOWNLOAD_PATH, { ...input, source_tag: sourceTag }, {
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
      source_tag: sourceTag === undefined ? undefined : (normaliseSourceTag(sourceTag) ?? undefined),
      utm_source: params.get('utm_source')?.trim() || undefined,
      utm_campaign: params.get('utm_campaign')?.trim() || undefined,
    };
    const arrival = storedArrival();
    for (const key of ['source_tag', 'utm_source', 'utm_campaign'] as const) {
      const value = found[key];
      if (!arrival[key] && value && UTM.test(value) && (key !== 'source_tag' || SOURCE_TAG_PATTERN.test(value)))
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
