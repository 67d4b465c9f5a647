import { createHmac } from 'node:crypto';

/**
 * Crawlers, link previews, monitors and scripted clients, by their user agent. Their clicks are
 * recorded but counted apart from people's.
 */
const BOT_USER_AGENT =
  /bot\b|bot\/|crawl|spider|slurp|scrap|facebookexternalhit|embedly|preview|headlesschrome|phantomjs|lighthouse|pingdom|uptime|monitor|curl\/|wget\/|python-requests|python-urllib|aiohttp|httpx|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|postman|insomnia|libwww|http_request/i;

/** True for a known bot, or a request without a user agent (a browser always sends one). */
export function isKnownBot(userAgent: string | undefined): boolean {
  return !userAgent?.trim() || BOT_USER_AGENT.test(userAgent);
}

/**
 * One day's salt: derived from the app secret, so every API replica (and a restart) agrees on it
 * without shared state, and a visitor's hash changes from one UTC day to the next.
 */
export function daySalt(secret: string, day: string): Buffer {
  return createHmac('sha256', secret).update(`download-visitor:${day}`).digest();
}

/** The visitor of one day: HMAC-SHA-256 of address and user agent under that day's salt (128 bits, hex). */
export function visitorHash(secret: string, day: string, ip: string, userAgent: string | undefined): string {
  return createHmac('sha256', daySalt(secret, day))
    .update(`${ip}\n${userAgent ?? ''}`)
    .digest('hex')
    .slice(0, 32);
}

/** The UTC day (YYYY-MM-DD) of a moment. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}
