'use strict';
/**
 * Headless Chromium helper for the asset scripts: playwright from the root node_modules driving the
 * system browser (/usr/bin/chromium). Override the binary with CHROMIUM_PATH.
 */
const fs = require('node:fs');
// @playwright/test is the declared devDependency; playwright-core is what it installs underneath.
function loadChromium() {
  for (const mod of ['playwright-core', '@playwright/test', 'playwright']) {
    try {
      return require(mod).chromium;
    } catch {
      /* try the next one */
    }
  }
  throw new Error('playwright is not installed: run npm install at the repo root');
}
const chromium = loadChromium();

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

async function launch() {
  const executablePath = CANDIDATES.find((p) => p && fs.existsSync(p));
  return chromium.launch({
    executablePath, // undefined -> playwright's own download, if present
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--font-render-hinting=none'],
  });
}

/** Render an HTML string at width x height and return a PNG buffer (or write to `path`). */
async function screenshotHtml(html, { width, height, path, browser } = {}) {
  const own = !browser;
  const b = browser || (await launch());
  try {
    const page = await b.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
    await page.setContent(html, { waitUntil: 'load' });
    const png = await page.screenshot({ path, type: 'png', omitBackground: false });
    await page.close();
    return png;
  } finally {
    if (own) await b.close();
  }
}

module.exports = { launch, screenshotHtml };
