import { SITE_CONFIG_ELEMENT_ID, type SiteConfig } from '@swishly/site-config';
import { PageMeta } from './page-meta';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * JSON inside <script>: no "<" at all (so neither "</script>" nor "<!--" can end or change the
 * element), nor U+2028/U+2029: each becomes a \u escape, which JSON.parse reads back unchanged.
 */
const safeJson = (value: object) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** A URL as a link preview needs it: absolute (a path is taken as on this site). */
export const absoluteUrl = (url: string, base: string) => (/^https?:\/\//i.test(url) ? url : `${base}${url.startsWith('/') ? '' : '/'}${url}`);

/**
 * The <head> tags for a page: title, description, canonical, Open Graph, Twitter, JSON-LD, and
 * the site's configuration for the frontend (brand in application-name, the rest as JSON).
 */
export function renderHead(meta: PageMeta, options: { brand: string; publicUrl: string; siteConfig?: SiteConfig }): string {
  const base = options.publicUrl.replace(/\/$/, '');
  const canonical = `${base}${meta.canonicalPath ?? '/'}`;
  const image = meta.image ? absoluteUrl(meta.image.url, base) : `${base}/og-image.png`;
  const imageAlt = meta.image?.alt;
  const article = meta.article;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<meta name="application-name" content="${escapeHtml(options.brand)}">`,
    `<meta name="robots" content="${meta.indexable ? 'index, follow' : 'noindex, nofollow'}">`,
    meta.notFound ? '' : `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    `<meta property="og:type" content="${article ? 'article' : 'website'}">`,
    `<meta property="og:site_name" content="${escapeHtml(options.brand)}">`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
    `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    ...(meta.image ? [] : [`<meta property="og:image:width" content="1200">`, `<meta property="og:image:height" content="630">`]),
    imageAlt ? `<meta property="og:image:alt" content="${escapeHtml(imageAlt)}">` : '',
    ...(article
      ? [
          `<meta property="article:published_time" content="${escapeHtml(article.publishedTime)}">`,
          `<meta property="article:modified_time" content="${escapeHtml(article.modifiedTime)}">`,
          `<meta property="article:author" content="${escapeHtml(article.author)}">`,
          ...article.tags.map((tag) => `<meta property="article:tag" content="${escapeHtml(tag)}">`),
        ]
      : []),
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:title" content="${escapeHtml(meta.title)}">`,
    `<meta name="twitter:description" content="${escapeHtml(meta.description)}">`,
    `<meta name="twitter:image" content="${escapeHtml(image)}">`,
    imageAlt ? `<meta name="twitter:image:alt" content="${escapeHtml(imageAlt)}">` : '',
    ...(meta.preloadImages ?? []).map(
      (image) => `<link rel="preload" as="image" href="${escapeHtml(image.href)}" media="${escapeHtml(image.media)}" fetchpriority="high">`,
    ),
    ...(meta.preloadModules ?? []).map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
    ...(meta.structuredData ?? []).map((data) => `<script type="application/ld+json">${safeJson(data)}</script>`),
    options.siteConfig ? `<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">${safeJson(options.siteConfig)}</script>` : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}
