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
 * The visitor of one day: HMAC-SHA-256 of address and user agent under that day's salt (128 bits,
 * hex). The salt is random per day and destroyed after it (VisitorSalts).
 */
export function visitorHash(salt: Buffer, ip: string, userAgent: string | undefined): string {
  return createHmac('sha256', salt)
    .update(`${ip}\n${userAgent ?? ''}`)
    .digest('hex')
    .slice(0, 32);
}

/** The UTC day (YYYY-MM-DD) of a moment. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}
