import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageMetaFor } from './page-meta';
import { renderHead } from './render-head';
import { readViteManifest, screenModuleUrls, ViteManifest } from './screen-modules';

// As Vite writes it: the entry (index.html), the chunks it imports, and lazy screens.
const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-a1.js', isEntry: true, imports: ['_app-b2.js'] },
  '_app-b2.js': { file: 'assets/app-b2.js', imports: ['_runtime-c3.js'] },
  '_runtime-c3.js': { file: 'assets/runtime-c3.js' },
  '_react-query-d4.js': { file: 'assets/react-query-d4.js', imports: ['_runtime-c3.js'] },
  'src/app/pages/home-page.tsx': { file: 'assets/home-page-e5.js', imports: ['_runtime-c3.js', '_app-b2.js'] },
  'src/features/waitlist/pages/shotanalysis-page.tsx': {
    file: 'assets/shotanalysis-page-f6.js',
    imports: ['_runtime-c3.js', '_app-b2.js', '_react-query-d4.js'],
  },
};

describe('screenModuleUrls: the chunks a landing page preloads', () => {
  it('is the screen and what it imports, less what index.html already loads', () => {
    expect(screenModuleUrls(manifest, ['src/app/pages/home-page.tsx'])).toEqual(['/assets/home-page-e5.js']);
    expect(screenModuleUrls(manifest, ['src/features/waitlist/pages/shotanalysis-page.tsx'])).toEqual([
      '/assets/shotanalysis-page-f6.js',
      '/assets/react-query-d4.js',
    ]);
  });

  it('is nothing for a screen the build does not have', () => {
    expect(screenModuleUrls(manifest, ['src/renamed-page.tsx'])).toEqual([]);
  });

  it('names the screens of the home page and /shotanalysis only', () => {
    expect(pageMetaFor('/', 'Swishly').screen).toBe('src/app/pages/home-page.tsx');
    expect(pageMetaFor('/shotanalysis', 'Swishly').screen).toBe('src/features/waitlist/pages/shotanalysis-page.tsx');
    expect(pageMetaFor('/about', 'Swishly').screen).toBeUndefined();
    expect(pageMetaFor('/no-such-page', 'Swishly').screen).toBeUndefined();
  });

  it('are module preloads in the head, as the app loads them (crossorigin)', () => {
    const meta = { ...pageMetaFor('/', 'Swishly'), preloadModules: ['/assets/home-page-e5.js'] };
    const head = renderHead(meta, { brand: 'Swishly', publicUrl: 'https://swishly.example' });
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/home-page-e5.js">');
  });
});

describe('readViteManifest', () => {
  let dist: string;
  beforeEach(() => (dist = mkdtempSync(join(tmpdir(), 'swishly-dist-'))));
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it('reads dist/.vite/manifest.json, or gives null without a build', () => {
    expect(readViteManifest(dist)).toBeNull();
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
    expect(readViteManifest(dist)).toEqual(manifest);
  });
});
