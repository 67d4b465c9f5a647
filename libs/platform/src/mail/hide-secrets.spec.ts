import { hideSecrets } from './mail-log.service';

// How the mail log shows a link to staff: its secret reads `hidden`, in the HTML (`&amp;`) and in
// the text version (`[url]`); what is made to be public (a referral code, a page's mode) stays.
describe('hideSecrets', () => {
  const signed = `${'0b8f1c2e-1111-4222-8333-444455556666'}.${'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-AbCd'}`;

  it.each([
    [
      'a reset link in the HTML',
      '<a href="https://swishly.test/admin/login?mode=reset&amp;token=abc123">',
      '<a href="https://swishly.test/admin/login?mode=reset&amp;token=hidden">',
    ],
    [
      'a reset link in the text',
      'Reset [https://swishly.test/admin/login?mode=reset&token=abc123] now',
      'Reset [https://swishly.test/admin/login?mode=reset&token=hidden] now',
    ],
    ['a confirm link', `<a href="https://swishly.test/shotanalysis?confirm=${signed}">`, '<a href="https://swishly.test/shotanalysis?confirm=hidden">'],
    ['a status link, URL-encoded', `https://swishly.test/shotanalysis?status=${encodeURIComponent(signed)}`, 'https://swishly.test/shotanalysis?status=hidden'],
    ['any other parameter', 'https://swishly.test/claim?claim=abc&utm_source=mail', 'https://swishly.test/claim?claim=hidden&utm_source=mail'],
    ['a signed id in a path', `<a href="https://swishly.test/r/${signed}/x">`, '<a href="https://swishly.test/r/hidden/x">'],
    ['a shot analysis code', '<a href="https://swishly.test/hbf-feedback/HBF001">', '<a href="https://swishly.test/hbf-feedback/hidden">'],
    ['a referral link', 'https://swishly.test/shotanalysis?ref=K7QX2M9P', 'https://swishly.test/shotanalysis?ref=K7QX2M9P'],
    [
      'an image and a host',
      '<img src="https://www.youtube-nocookie.com/brand/logo-for-light-theme.png">',
      '<img src="https://www.youtube-nocookie.com/brand/logo-for-light-theme.png">',
    ],
  ])('%s', (_, body, shown) => {
    expect(hideSecrets(body)).toBe(shown);
  });
});
