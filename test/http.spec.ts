import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { createTestDatabase } from './utils/database';
import { bootApi } from './utils/test-app';
import { testConfig } from './utils/test-config';

describe('API over HTTP', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    db = await createTestDatabase();
    // A stand-in frontend build, so these tests don't depend on `vite build`.
    const dist = mkdtempSync(join(tmpdir(), 'swishly-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><!--app-head--></head><body><div id="root"></div></body></html>');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    // The frontend build writes compressed copies beside each asset (vite.config.ts).
    writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync('console.log(1)'));
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await bootApi(
      testConfig(db.url, {
        FRONTEND_DIST: dist,
        BRAND_NAME: 'Hoopster',
        PUBLIC_URL: 'https://hoopster.example',
        COMPANY_LEGAL_NAME: 'Hoopster </script><script>alert(1)</script> Oy',
        INSTAGRAM_URL: 'https://www.instagram.com/hoopster',
      }),
    );
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('answers an unknown /api path with a JSON 404, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/api/nothing/here' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ error: expect.any(String), code: 'not_found' });
    }
  });

  it('reports liveness and readiness of Postgres and Redis', async () => {
    expect((await app.inject('/health/live')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', postgres: 'up', redis: 'up' });
  });

  it('exposes Prometheus metrics: latency per route, queue depth, failed jobs, outbox lag', async () => {
    await app.inject({ method: 'POST', url: '/api/analytics/downloads', payload: { source_tag: 'x', platform: 'ios', click_type: 'badge_click' } });
    const res = await app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/http_request_duration_seconds_bucket\{.*route="\/api\/analytics\/downloads".*\}/);
    expect(res.body).toMatch(/queue_jobs\{queue="analytics.roll-up-downloads",state="waiting"\}/);
    expect(res.body).toMatch(/queue_failed_jobs\{queue="analytics.roll-up-downloads"\} 0/);
    expect(res.body).toMatch(/outbox_lag_seconds \d/);
  });

  it('serves the OpenAPI document', async () => {
    const res = await app.inject('/api/docs/openapi.json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(expect.arrayContaining(['/api/waitlist', '/api/contact', '/api/analytics/downloads']));
    expect((await app.inject('/api/docs')).statusCode).toBe(200);
  });

  it('serves each page with its own head tags and never caches index.html', async () => {
    const res = await app.inject('/about');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache, no-store, must-revalidate');
    expect(res.body).toContain('<title>About Us – Hoopster</title>');
    expect(res.body).toContain('<link rel="canonical" href="https://hoopster.example/about">');
    expect(res.body).toContain('<meta property="og:title" content="About Us – Hoopster">');
    expect(res.body).toContain('<meta name="application-name" content="Hoopster">');
    expect(res.body).not.toContain('{product}');

    const home = await app.inject('/');
    expect(home.body).toContain('"@type":"Organization"');
    expect(home.body).toContain('"@type":"MobileApplication"');
    // The hero art (the largest paint) is fetched before the app renders it, per breakpoint.
    expect(home.body).toContain('<link rel="preload" as="image" href="/images/hero-mobile.svg" media="(max-width: 767.98px)" fetchpriority="high">');
    expect(home.body).toContain('<link rel="preload" as="image" href="/images/hero-desktop.svg" media="(min-width: 768px)" fetchpriority="high">');
    expect(res.body).not.toContain('rel="preload" as="image"');
  });

  it('hands the frontend what is configured in one JSON script in the head, which no value can break out of', async () => {
    const res = await app.inject('/privacy-policy');
    const scripts = [...res.body.matchAll(/<script type="application\/json" id="site-config">([^<]*)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(JSON.parse(scripts[0][1])).toEqual({
      samples: false, // NODE_ENV=test: what visitors see
      company: { legalName: 'Hoopster </script><script>alert(1)</script> Oy' },
      stores: {},
      social: { instagram: 'https://www.instagram.com/hoopster' },
      // What the Privacy Policy states from the settings (the RETENTION_* defaults; no model configured).
      privacy: {
        retention: {
          mailBodyDays: 30,
          mailLogMonths: 24,
          sessionAddressDays: 90,
          coachConversationMonths: 24,
          contactMessageMonths: 24,
          downloadClickDays: 30,
          privacyRequestHours: 24,
        },
        emailProvider: 'Resend',
        aiProvider: null,
      },
    });
    expect(res.body).not.toContain('<script>alert(1)');
  });

  it('falls back to the app for the spec routes and answers 404 for unknown pages', async () => {
    for (const path of [
      '/download/direct',
      '/resources',
      '/hbf/ABC123',
      '/admin/creator-codes',
      '/admin/resources/edit/42',
      '/privacy-request',
      '/unsubscribe',
      '/admin/waitlist',
      '/admin/privacy',
      '/admin/staff',
      '/admin/audit',
      '/admin/integrations',
      '/admin/invitation',
    ]) {
      const res = await app.inject(path);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    // An unknown page, and an article that isn't published (the app says 'Resource Not Found').
    for (const path of ['/no/such/page', '/resources/some-post']) {
      const unknown = await app.inject(path);
      expect([path, unknown.statusCode]).toEqual([path, 404]);
      expect(unknown.body).toContain('<div id="root">');
      expect(unknown.body).toContain('noindex');
      expect(unknown.body).not.toContain('rel="canonical"');
    }
  });

  it('caches hashed assets immutably and other files briefly', async () => {
    const asset = await app.inject('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
    expect((await app.inject('/assets/missing.js')).statusCode).toBe(404);
  });

  it('serves the build-time Brotli or gzip copy to a browser that accepts it', async () => {
    const br = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const gz = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('serves sitemap.xml and robots.txt', async () => {
    const sitemap = await app.inject('/sitemap.xml');
    expect(sitemap.headers['content-type']).toMatch(/xml/);
    expect(sitemap.body).toContain('<loc>https://hoopster.example/about</loc>');
    const robots = await app.inject('/robots.txt');
    expect(robots.body).toContain('Disallow: /admin');
    expect(robots.body).toContain('Sitemap: https://hoopster.example/sitemap.xml');
  });

  it('sends a Content-Security-Policy and refuses malformed JSON with a 400', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/json' }, payload: '{"first_name":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('bad_request');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('echoes a sane X-Request-Id and makes one up otherwise', async () => {
    expect((await app.inject({ url: '/health/live', headers: { 'x-request-id': 'abc-123' } })).headers['x-request-id']).toBe('abc-123');
    expect((await app.inject({ url: '/health/live', headers: { 'x-request-id': 'bad id <script>' } })).headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
