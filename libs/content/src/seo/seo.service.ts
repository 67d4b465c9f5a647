import { Inject, Injectable } from '@nestjs/common';
import { resolve } from 'node:path';
import { APP_CONFIG, AppConfig, CoachModel } from '@swishly/platform';
import type { SiteConfig } from '@swishly/site-config';
import { ContentSettings } from '../content.settings';
import { ContentSettingsValues, privacyFactsFor, siteConfigFor } from '../site/site-config';
import { pageTitle } from '@swishly/site-pages';
import { BlogPost } from '../resources/entities/blog-post.entity';
import { plainText } from '../resources/html-sanitizer';
import { ResourcesService } from '../resources/resources.service';
import { PageMeta, pageMetaFor, SITEMAP_PATHS } from './page-meta';
import { absoluteUrl, renderHead } from './render-head';

const ARTICLE_PATH = /^\/resources\/([^/]+)$/;
/** Posts in the RSS feed; the sitemap lists every published post (well under its 50,000 URLs). */
export const RSS_ITEMS = 50;
const SITEMAP_ARTICLES = 45_000;

const escapeXml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    // Characters XML 1.0 cannot carry at all.
    // eslint-disable-next-line no-control-regex -- these are exactly what must go
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');
import { readViteManifest, screenModuleUrls, ViteManifest } from './screen-modules';

@Injectable()
export class SeoService {
  /** What every page's head tells the frontend (company, stores, social profiles, samples). */
  private readonly siteConfig: SiteConfig;
  /** The frontend build's chunks (read once in production, as the API reads index.html). */
  private manifest?: ViteManifest | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ContentSettings.token) settings: ContentSettingsValues,
    private readonly resources: ResourcesService,
    coachModel: CoachModel,
  ) {
    this.siteConfig = siteConfigFor(settings, config.NODE_ENV, privacyFactsFor(config, coachModel.provider));
  }

  private get base(): string {
    return this.config.PUBLIC_URL.replace(/\/$/, '');
  }

  async pageMeta(path: string): Promise<PageMeta> {
    const article = ARTICLE_PATH.exec(path.length > 1 ? path.replace(/\/+$/, '') : path);
    if (article) return this.articleMeta(path, article[1]);
    const meta = pageMetaFor(path, this.config.BRAND_NAME);
    if (meta.canonicalPath === '/') meta.structuredData = this.homeStructuredData();
    const manifest = meta.screen ? this.viteManifest() : null;
    if (meta.screen && manifest) meta.preloadModules = screenModuleUrls(manifest, [meta.screen]);
    return meta;
  }

  private viteManifest(): ViteManifest | null {
    if (this.manifest === undefined || this.config.NODE_ENV !== 'production') {
      this.manifest = readViteManifest(resolve(this.config.FRONTEND_DIST));
    }
    return this.manifest;
  }

  head(meta: PageMeta): string {
    return renderHead(meta, { brand: this.config.BRAND_NAME, publicUrl: this.base, siteConfig: this.siteConfig });
  }

  /**
   * A published article's own head: its title and description (the SEO fields, else the title
   * and excerpt), canonical URL, Open Graph article tags with its featured image, and Article
   * structured data. A draft or unknown slug is a 404 with the route's generic head, not indexed
   * (the app shows 'Resource Not Found'), so crawlers drop an unpublished article.
   */
  private async articleMeta(requestedPath: string, slug: string): Promise<PageMeta> {
    const post = slug.length <= 200 ? await this.resources.findPublished(slug) : null;
    if (!post) return { ...pageMetaFor(requestedPath, this.config.BRAND_NAME), indexable: false, canonicalPath: undefined, notFound: true };
    const brand = this.config.BRAND_NAME;
    const path = `/resources/${post.slug}`;
    const description = post.metaDescription ?? post.excerpt ?? plainText(post.content).slice(0, 160);
    const image = post.featuredImageUrl ? absoluteUrl(post.featuredImageUrl, this.base) : `${this.base}/og-image.png`;
    const modified = post.updatedAt > post.publishedAt! ? post.updatedAt : post.publishedAt!;
    return {
      title: pageTitle(post.metaTitle ?? post.title, brand),
      description,
      canonicalPath: path,
      indexable: true,
      image: post.featuredImageUrl ? { url: post.featuredImageUrl, alt: post.featuredImageAlt } : undefined,
      article: { publishedTime: post.publishedAt!.toISOString(), modifiedTime: modified.toISOString(), author: post.authorName, tags: post.tags },
      structuredData: [
        {
          '@context': 'https://schema.org',
          '@type': 'Article',
          headline: post.title.slice(0, 110),
          description,
          image: [image],
          datePublished: post.publishedAt!.toISOString(),
          dateModified: modified.toISOString(),
          author: { '@type': 'Person', name: post.authorName, ...(post.authorImageUrl ? { image: absoluteUrl(post.authorImageUrl, this.base) } : {}) },
          publisher: { '@type': 'Organization', name: brand, logo: { '@type': 'ImageObject', url: `${this.base}/brand/logo-for-light-theme.svg` } },
          mainEntityOfPage: { '@type': 'WebPage', '@id': `${this.base}${path}` },
          keywords: post.tags.join(', ') || undefined,
        },
      ],
    };
  }

  async sitemapXml(): Promise<string> {
    const pages = SITEMAP_PATHS.map((path) => `  <url><loc>${escapeXml(`${this.base}${path}`)}</loc></url>`);
    const articles = (await this.resources.latestPublished(SITEMAP_ARTICLES, false)).map(
      (post) =>
        `  <url><loc>${escapeXml(this.articleUrl(post))}</loc><lastmod>${(post.updatedAt > post.publishedAt! ? post.updatedAt : post.publishedAt!).toISOString()}</lastmod></url>`,
    );
    const urls = [...pages, ...articles].join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  }

  /** RSS 2.0 of the latest published resources, each with its excerpt, tags and whole (sanitised) body. */
  async rssXml(): Promise<string> {
    const brand = this.config.BRAND_NAME;
    const posts = await this.resources.latestPublished(RSS_ITEMS, true);
    const resources = pageMetaFor('/resources', brand);
    const items = posts.map((post) =>
      [
        '    <item>',
        `      <title>${escapeXml(post.title)}</title>`,
        `      <link>${escapeXml(this.articleUrl(post))}</link>`,
        `      <guid isPermaLink="true">${escapeXml(this.articleUrl(post))}</guid>`,
        `      <pubDate>${post.publishedAt!.toUTCString()}</pubDate>`,
        `      <dc:creator>${escapeXml(post.authorName)}</dc:creator>`,
        `      <description>${escapeXml(post.excerpt ?? plainText(post.content).slice(0, 300))}</description>`,
        ...post.tags.map((tag) => `      <category>${escapeXml(tag)}</category>`),
        ...(post.featuredImageUrl ? [`      <enclosure url="${escapeXml(absoluteUrl(post.featuredImageUrl, this.base))}" type="image/jpeg" length="0"/>`] : []),
        `      <content:encoded>${escapeXml(post.content)}</content:encoded>`,
        '    </item>',
      ].join('\n'),
    );
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
      '  <channel>',
      `    <title>${escapeXml(resources.title)}</title>`,
      `    <link>${escapeXml(`${this.base}/resources`)}</link>`,
      `    <description>${escapeXml(resources.description)}</description>`,
      '    <language>en-us</language>',
      `    <atom:link href="${escapeXml(`${this.base}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
      ...(posts[0] ? [`    <lastBuildDate>${posts[0].publishedAt!.toUTCString()}</lastBuildDate>`] : []),
      ...items,
      '  </channel>',
      '</rss>',
      '',
    ].join('\n');
  }

  private articleUrl(post: Pick<BlogPost, 'slug'>): string {
    return `${this.base}/resources/${encodeURIComponent(post.slug)}`;
  }

  robotsTxt(): string {
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /api/',
      'Disallow: /hbf/',
      'Disallow: /hbf-feedback/',
      'Disallow: /shot/',
      'Disallow: /shot-feedback/',
      '',
      `Sitemap: ${this.base}/sitemap.xml`,
      '',
    ].join('\n');
  }

  private homeStructuredData(): object[] {
    const brand = this.config.BRAND_NAME;
    return [
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: brand,
        url: `${this.base}/`,
        logo: `${this.base}/brand/logo-for-light-theme.svg`,
        address: { '@type': 'PostalAddress', addressCountry: 'FI' },
      },
      {
        '@context': 'https://schema.org',
        '@type': 'MobileApplication',
        name: brand,
        operatingSystem: 'iOS, Android',
        applicationCategory: 'SportsApplication',
        description: `${brand} is an AI basketball shooting coach that analyses elbow angle, release, follow-through and balance from your phone camera.`,
        offers: { '@type': 'Offer', price: '0', priceCurrency: 'EUR' },
      },
    ];
  }
}
