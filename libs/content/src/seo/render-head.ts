import { PageMeta } from './page-meta';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** JSON inside <script>: "</" must not close the tag. */
const safeJson = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The <head> tags for a page: title, description, canonical, Open Graph, Twitter, JSON-LD. */
export function renderHead(meta: PageMeta, options: { brand: string; publicUrl: string }): string {
  const base = options.publicUrl.replace(/\/$/, '');
  const canonical = `${base}${meta.canonicalPath ?? '/'}`;
  const image = `${base}/og-image.png`;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<meta name="application-name" content="${escapeHtml(options.brand)}">`,
    `<meta name="robots" content="${meta.indexable ? 'index, follow' : 'noindex, nofollow'}">`,
    meta.notFound ? '' : `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(options.brand)}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    `<meta property="og:image:width" content="1200">`,
    `<meta property="og:image:height" content="630">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}">`,
    `<meta name="twitter:image" content="${escapeHtml(image)}">`,
    ...(meta.preloadImages ?? []).map(
      (image) => `<link rel="preload" as="image" href="${escapeHtml(image.href)}" media="${escapeHtml(image.media)}" fetchpriority="high">`,
    ),
    ...(meta.structuredData ?? []).map((data) => `<script type="application/ld+json">${safeJson(data)}</script>`),
  ];
  return tags.filter(Boolean).join('\n    ');
}
