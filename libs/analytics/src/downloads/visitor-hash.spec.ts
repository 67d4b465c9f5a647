import { randomBytes } from 'node:crypto';
import { isKnownBot, visitorHash } from './visitor-hash';

describe('visitor hash', () => {
  const salt = randomBytes(32);
  const ua = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36';

  it('is the same for one visitor under one salt (one day), and holds neither value', () => {
    const hash = visitorHash(salt, '203.0.113.7', ua);
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(visitorHash(Buffer.from(salt), '203.0.113.7', ua)).toBe(hash);
    // The whole address and browser, not a fragment of them: a random 32-digit hex hash holds "203" about once in 140 runs.
    expect(hash).not.toContain('203.0.113.7');
    expect(hash).not.toContain('Mozilla');
  });

  it('changes with the salt (another day), the address and the browser', () => {
    const hash = visitorHash(salt, '203.0.113.7', ua);
    expect(visitorHash(randomBytes(32), '203.0.113.7', ua)).not.toBe(hash);
    expect(visitorHash(salt, '203.0.113.8', ua)).not.toBe(hash);
    expect(visitorHash(salt, '203.0.113.7', `${ua} Edg/126`)).not.toBe(hash);
  });

  it.each([
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true],
    ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', true],
    ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', true],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0 Safari/537.36', true],
    ['curl/8.5.0', true],
    ['python-requests/2.31', true],
    ['', true],
    [undefined, true],
    [ua, false],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1', false],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36', false],
  ])('%j is a known bot: %s', (userAgent, bot) => {
    expect(isKnownBot(userAgent)).toBe(bot);
  });
});
