import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signInStaff } from './utils/test-app';
import { eventually } from './utils/test-config';
import { startStack, TestStack } from './utils/test-stack';

// A page's head tags go into index.html as they are. String.replace with a
// string reads `$&` (the match), `` $` `` (what comes before it) and `$'` (what comes after) in
// the replacement: a URL or a post's meta description holding them pasted the template into
// every meta tag.
const TEMPLATE = '<!doctype html><html><head><meta charset="utf-8"><!--app-head--></head><body><div id="root"></div></body></html>';

describe('the page head goes into index.html as it is, whatever it holds', () => {
  let stack: TestStack;
  let dist: string;

  /** The page's HTML, checked to be the template once, with the head in its slot. */
  async function page(url: string): Promise<{ status: number; head: string }> {
    const res = await stack.api.inject(url);
    const html = res.body;
    expect([url, html.split('<!doctype html>').length - 1, html.split('<div id="root">').length - 1, html.split('<!--app-head-->').length - 1]).toEqual([
      url,
      1,
      1,
      0,
    ]);
    expect(html.startsWith('<!doctype html><html><head><meta charset="utf-8">')).toBe(true);
    expect(html.endsWith('</head><body><div id="root"></div></body></html>')).toBe(true);
    return { status: res.statusCode, head: html.slice('<!doctype html><html><head><meta charset="utf-8">'.length, html.indexOf('</head>')) };
  }

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'swishly-head-'));
    writeFileSync(join(dist, 'index.html'), TEMPLATE);
    stack = await startStack({ FRONTEND_DIST: dist });
  });

  afterAll(async () => {
    await stack?.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  it("keeps `$&`, `` $` `` and `$'` of a URL as they are", async () => {
    for (const url of ['/p/%24%60probe%22%3E', '/p/%24%26probe', "/resources/%24'tail", '/no/such/%24%60page']) {
      const { head } = await page(url);
      expect(head).not.toContain('<!doctype');
      expect(head).not.toContain('app-head');
      expect(head).not.toContain('<body>');
    }
    const { head } = await page('/p/%24%60probe%22%3E');
    expect(head).toContain('<link rel="canonical" href="https://swishly.test/p/$`probe&quot;&gt;">');
    expect(head).toContain('<meta property="og:url" content="https://swishly.test/p/$`probe&quot;&gt;">');
  });

  it("keeps `$&` and `` $` `` of a post's meta description and title as they are", async () => {
    const staff = await signInStaff(stack.api, 'head-staff@swishly.test');
    const description = "Costs $& more than $` and $' and $$ and $1: read on";
    const created = await stack.api.inject({
      method: 'POST',
      url: '/api/admin/resources',
      payload: { title: 'Dollar $& signs $`', content: '<p>Body.</p>', meta_title: 'Price $` list $&', meta_description: description },
      headers: staff,
    });
    expect(created.statusCode).toBe(201);
    const { id, slug } = created.json();
    expect(
      (await stack.api.inject({ method: 'POST', url: `/api/admin/resources/${id}/publish`, payload: { published: true }, headers: staff })).statusCode,
    ).toBe(200);
    const { head } = await eventually(
      () => page(`/resources/${slug}`),
      (p) => p.status === 200,
    );
    const escaped = description.replace(/&/g, '&amp;').replace(/'/g, '&#39;');
    expect(head).toContain(`<meta name="description" content="${escaped}">`);
    expect(head).toContain(`<meta property="og:description" content="${escaped}">`);
    expect(head).toContain(`<meta name="twitter:description" content="${escaped}">`);
    expect(head).toContain('<title>Price $` list $&amp; – Swishly</title>');
    expect(head).not.toContain('<!doctype');
  });
});
