// Where a visitor arrived from, kept for the visit (this tab's session) and sent with a waitlist
// join, so that sign-ups are counted by source. No request of its own: loaded with the app's
// first code (main.tsx remembers the first page before any navigation).

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

/** Where a visitor arrived from, sent with a waitlist join so that sign-ups can be counted by source. */
export interface ArrivalSource {
  source_tag?: string;
  utm_source?: string;
  utm_campaign?: string;
  /** The visit's first page (first touch): its utm values, its path, the referring site's host. */
  first_touch_source?: string;
  first_touch_campaign?: string;
  first_touch_page?: string;
  first_touch_referrer?: string;
}

const FIRST_TOUCH_KEY = 'first-touch';
const PAGE_PATH = /^\/[A-Za-z0-9/_.-]{0,199}$/;

/**
 * Remembers, once per visit (this tab's session), the page the site first loaded on: its utm
 * values, its path and the host of the site that linked to it. Called at app start, before any
 * navigation, so a visitor who lands on /?utm_source=… and joins three pages later is still counted
 * from that link. The join's own source (the download page's tag, the utm values) is remembered too.
 */
export function rememberFirstTouch(): void {
  try {
    rememberArrival();
    if (window.sessionStorage.getItem(FIRST_TOUCH_KEY)) return;
    const params = new URLSearchParams(window.location.search);
    let referrer: string | undefined;
    try {
      const host = document.referrer ? new URL(document.referrer).hostname : '';
      referrer = host && host !== window.location.hostname ? host : undefined;
    } catch {
      referrer = undefined;
    }
    const touch: ArrivalSource = {
      first_touch_source: params.get('utm_source')?.trim() || undefined,
      first_touch_campaign: params.get('utm_campaign')?.trim() || undefined,
      first_touch_page: PAGE_PATH.test(window.location.pathname) ? window.location.pathname : undefined,
      first_touch_referrer: referrer,
    };
    for (const key of ['first_touch_source', 'first_touch_campaign'] as const) if (touch[key] && !UTM.test(touch[key])) delete touch[key];
    // A visit that came from no campaign and no other site has no first touch worth sending ('{}').
    const fromSomewhere = touch.first_touch_source || touch.first_touch_campaign || touch.first_touch_referrer;
    window.sessionStorage.setItem(FIRST_TOUCH_KEY, JSON.stringify(fromSomewhere ? touch : {}));
  } catch {
    // Storage unavailable (private mode): the join is simply not attributed.
  }
}

const ARRIVAL_KEY = 'arrival-source';
const UTM = /^[A-Za-z0-9][A-Za-z0-9 ._~+-]{0,99}$/;

/** What this tab's session holds under `key` (the arrival or the first touch), {} when nothing. */
function stored(key: string): ArrivalSource {
  try {
    const value = JSON.parse(window.sessionStorage.getItem(key) ?? '{}') as unknown;
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
    const arrival = stored(ARRIVAL_KEY);
    for (const key of ['source_tag', 'utm_source', 'utm_campaign'] as const) {
      const value = found[key];
      if (!arrival[key] && value && UTM.test(value) && (key !== 'source_tag' || SOURCE_TAG_PATTERN.test(value))) arrival[key] = value;
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
  return { ...stored(FIRST_TOUCH_KEY), ...stored(ARRIVAL_KEY) };
}
