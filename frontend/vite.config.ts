import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The API of `npm run dev` (scripts/dev.js), on PORT like `npm start`.
const API_TARGET = process.env.VITE_API_TARGET || `http://localhost:${process.env.PORT || 3000}`;

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * In production the API server replaces `<!--app-head-->` in index.html with the route's
 * <title>, description, canonical, Open Graph/Twitter tags, JSON-LD and the
 * `application-name` meta that carries the brand. The Vite dev server has no such step, so
 * this plugin (dev only) fills in a default title and the brand meta.
 */
function devAppHead(): Plugin {
  const brand = (process.env.BRAND_NAME || 'Swishly').trim() || 'Swishly';
  return {
    name: 'swishly:dev-app-head',
    apply: 'serve',
    transformIndexHtml(html) {
      const safe = escapeHtml(brand);
      return html.replace('<!--app-head-->', `<title>${safe} | AI Basketball Shooting Coach</title>\n    <meta name="application-name" content="${safe}" />`);
    },
  };
}

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|xml|txt|webmanifest)$/;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, once, at
 * build time at maximum compression; the API serves them (@fastify/static `preCompressed`)
 * to browsers that accept them, so no request pays for compressing on the fly.
 */
function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'swishly:precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

// Paths the API server owns (JSON API, probes, metrics, uploaded files, SEO feeds, Bull Board).
const proxied = ['/api', '/health', '/metrics', '/uploads', '/sitemap.xml', '/robots.txt', '/rss.xml', '/admin/queues'];

export default defineConfig({
  plugins: [react(), tailwindcss(), devAppHead(), precompressAssets()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: API_TARGET, changeOrigin: false }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser we support has native modulepreload; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    target: 'es2022',
    // dist/.vite/manifest.json: the server reads it to name a landing page's screen chunk in the
    // head (libs/content/src/seo/screen-modules.ts).
    manifest: true,
    rolldownOptions: {
      preserveEntrySignatures: false,
      output: {
        // Fewer files on a page's critical path (on a phone network each costs a round trip):
        // the code the app starts with is one chunk (beside Rolldown's small runtime); the small
        // chunks that lazy screens share (icons, form controls, the API client...) are copied
        // into each screen's chunk, so a screen is one file (Rolldown keeps one module state
        // across the copies); TanStack Query, which only some screens use, is a chunk of its own.
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 24 * 1024 },
          groups: [
            { name: 'app', tags: ['$initial'] },
            { name: 'react-query', test: /node_modules[\\/]@tanstack[\\/]/, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
