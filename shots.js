const { chromium } = require('@playwright/test');
(async () => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox'] });
  const base = 'http://127.0.0.1:3900';
  const ctx0 = await browser.newContext({ storageState: 'test-results/e2e-admin-session.json' });
  const csrf = (await ctx0.cookies()).find((c) => c.name === 'csrf_token').value;
  const r = ctx0.request;
  const post = await (await r.post(base + '/api/admin/resources', { headers: { 'X-CSRF-Token': csrf }, data: { title: 'Five drills for a faster release', excerpt: 'Quick hands win games.', content: '<p>Catch, dip, rise and release.</p>', tags: ['release'], is_published: true } })).json();
  await r.put(base + '/api/admin/resources/' + post.id, { headers: { 'X-CSRF-Token': csrf }, data: { title: 'Five drills for a quicker release', excerpt: 'Quick hands win games.', content: '<p>Catch, dip, rise and release. Then hold it.</p>', tags: ['release'] } });
  await r.post(base + '/api/admin/resources/' + post.id + '/revisions', { headers: { 'X-CSRF-Token': csrf }, data: { title: 'Six drills for a quicker release', excerpt: 'Quick hands win games.', content: '<p>Catch, dip, rise and release. Then hold it. Then again.</p>', tags: ['release'] } });
  const draft = await (await r.post(base + '/api/admin/resources', { headers: { 'X-CSRF-Token': csrf }, data: { title: 'Draft: footwork for shooters', excerpt: 'Feet first.', content: '<p>Left, right, rise.</p>' } })).json();
  const link = await (await r.post(base + '/api/admin/resources/' + draft.id + '/preview-link', { headers: { 'X-CSRF-Token': csrf } })).json();
  for (const theme of ['light', 'dark']) for (const width of [1280, 375]) {
    const ctx = await browser.newContext({ storageState: 'test-results/e2e-admin-session.json', viewport: { width, height: 900 } });
    await ctx.addInitScript((t) => localStorage.setItem('swishly-theme', t), theme);
    const page = await ctx.newPage();
    await page.goto(base + '/admin/resources/edit/' + post.id);
    await page.getByRole('list', { name: 'Revisions' }).waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shot-editor-top-${theme}-${width}.png` });
    await page.getByRole('list', { name: 'Revisions' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shot-editor-hist-${theme}-${width}.png` });
    await page.getByRole('button', { name: 'Show revision 2' }).click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shot-rev-${theme}-${width}.png` });
    await page.goto(base + '/admin/resources/edit/' + draft.id);
    await page.getByRole('button', { name: 'Copy preview link' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `/tmp/shot-draft-${theme}-${width}.png` });
    const v = await browser.newContext({ viewport: { width, height: 900 } });
    await v.addInitScript((t) => localStorage.setItem('swishly-theme', t), theme);
    const vp = await v.newPage();
    await vp.goto(link.url.replace('https://swishly.test', base).replace(/^http:\/\/localhost:\d+/, base));
    await vp.getByRole('heading', { level: 1 }).waitFor();
    await vp.screenshot({ path: `/tmp/shot-preview-${theme}-${width}.png` });
    await ctx.close(); await v.close();
  }
  await browser.close();
})();
