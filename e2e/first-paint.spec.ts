import { expect, test, type Page } from '@playwright/test';

// What the first paint of the two landing pages holds: on `/` nothing arrives late to push the
// footer down (a layout shift Lighthouse mobile scores), and /shotanalysis paints its content
// on the first render, not after a lazily loaded screen.

test.describe.configure({ timeout: 60_000 });

/** Generous: lazily loaded screens on a busy machine. */
const FIRST_RENDER_TIMEOUT = 30_000;
const POSTER = '/media/demo-poster.webp';

type Shift = { value: number; sources: string[] };
type Paint = { tag: string; src: string | null; size: number };

/** Records the page's layout shifts and largest-contentful-paint candidates from its start. */
async function observePaints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: Shift[]; __lcp: Paint[] };
    w.__shifts = [];
    w.__lcp = [];
    const describe = (node: Node | null | undefined) =>
      node instanceof Element ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}` : String(node?.nodeName);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node }[] }[]) {
        if (!entry.hadRecentInput) w.__shifts.push({ value: entry.value, sources: entry.sources.map((s) => describe(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { element: Element | null; size: number }[]) {
        w.__lcp.push({ tag: entry.element?.tagName.toLowerCase() ?? '', src: entry.element?.getAttribute('src') ?? null, size: entry.size });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

const shiftsOf = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
const paintsOf = (page: Page) => page.evaluate(() => (window as unknown as { __lcp: Paint[] }).__lcp);

test('the landing pages name their screen’s code in the head, to load with the app’s', async ({ request }) => {
  const preloads = async (path: string) =>
    [...(await (await request.get(path)).text()).matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
  expect(await preloads('/')).toContainEqual(expect.stringMatching(/^\/assets\/home-page-[\w-]+\.js$/));
  expect(await preloads('/shotanalysis')).toContainEqual(expect.stringMatching(/^\/assets\/shotanalysis-page-[\w-]+\.js$/));
  // Other pages do not fetch the landing pages' code.
  expect((await preloads('/about')).filter((href) => /home-page|shotanalysis-page/.test(href))).toEqual([]);
});

test('home: the footer comes with the page content, so nothing pushes it down', { tag: '@layout' }, async ({ page }) => {
  await observePaints(page);
  // Hold the home screen's code back, as a slow network would, until the header is drawn.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/home-page-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('banner')).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await expect(page.getByRole('status').filter({ hasText: 'Loading page' })).toBeAttached();
  const footer = page.getByRole('contentinfo');
  const footerWhileLoading = (await footer.count()) > 0 ? await footer.boundingBox() : null;

  release();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await expect(footer).toBeAttached();
  const footerLoaded = await footer.boundingBox();
  // Either no footer before the content, or one already where the content leaves it.
  if (footerWhileLoading) expect(footerWhileLoading.y, 'the footer stays where it was first drawn').toBe(footerLoaded?.y);

  // The layout shifts of the load (the lazy sections further down settle within a moment).
  await page.waitForTimeout(500);
  const shifts = await shiftsOf(page);
  expect(
    shifts.filter((s) => s.sources.includes('footer')),
    'the footer never moves',
  ).toEqual([]);
  expect(
    shifts.reduce((sum, s) => sum + s.value, 0),
    'cumulative layout shift',
  ).toBeLessThan(0.1);
});

test('/shotanalysis: the poster frame is the first paint’s content, preloaded with the page', { tag: '@layout' }, async ({ page, request }) => {
  // The server's head asks for the poster before the app runs.
  const html = await (await request.get('/shotanalysis')).text();
  expect(html).toContain(`<link rel="preload" as="image" href="${POSTER}" media="all" fetchpriority="high">`);

  await observePaints(page);
  await page.goto('/shotanalysis');
  const poster = page.locator(`img[src="${POSTER}"]`);
  await expect(poster).toBeVisible({ timeout: FIRST_RENDER_TIMEOUT });
  await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // Chrome counts the poster image (not a full-screen backdrop, which it ignores) as the
  // largest contentful paint, whether the clip's first frame or its poster reaches the video first.
  await expect.poll(async () => (await paintsOf(page)).at(-1), { timeout: 10_000 }).toMatchObject({ tag: 'img', src: POSTER });
  // Shown where the clip plays: the whole upright frame, not stretched.
  const fit = await poster.evaluate((img) => getComputedStyle(img).objectFit);
  expect(fit).toBe('contain');
});
