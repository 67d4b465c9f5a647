import { defineSettings } from '@swishly/platform';
import { z } from 'zod';

/** Free text shown on the site (legal identity): trimmed, one line, at most `max` characters. */
const text = (max: number) => z.string().trim().min(1).max(max).optional();

/** An https:// address on `site` or one of its subdomains (a store listing or a social profile). */
const httpsUrlOn = (site: string) =>
  z
    .url({
      protocol: /^https$/,
      hostname: new RegExp(`^([a-z0-9-]+\\.)*${site.replace(/\./g, '\\.')}$`, 'i'),
      error: `must be an https:// URL on ${site}`,
    })
    .optional();

/**
 * What the site shows as fact and staff supply without touching code: the company behind it,
 * the store listings and the social profiles. All optional: what is unset is not shown (the
 * legal pages say so, a store badge reads "Coming soon", a network is left out of the footer),
 * and a production start names what is still missing (missingContent).
 */
export const ContentSettings = defineSettings('content', {
  /** The company's registered name, e.g. "Swishly Oy". */
  COMPANY_LEGAL_NAME: text(120),
  /** The business ID (Y-tunnus in Finland), e.g. "1234567-8". */
  COMPANY_BUSINESS_ID: text(40),
  /** The registered postal address, on one line. */
  COMPANY_ADDRESS: text(200),
  /** Where privacy requests go (the data controller's contact). */
  PRIVACY_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  APP_STORE_URL: httpsUrlOn('apple.com'),
  GOOGLE_PLAY_URL: httpsUrlOn('play.google.com'),
  INSTAGRAM_URL: httpsUrlOn('instagram.com'),
  TIKTOK_URL: httpsUrlOn('tiktok.com'),
  YOUTUBE_URL: httpsUrlOn('youtube.com'),
});
