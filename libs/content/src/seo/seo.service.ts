import { Inject, Injectable } from '@nestjs/common';
import { resolve } from 'node:path';
import { APP_CONFIG, AppConfig } from '@swishly/platform';
import type { SiteConfig } from '@swishly/site-config';
import { ContentSettings } from '../content.settings';
import { ContentSettingsValues, siteConfigFor } from '../site/site-config';
import { PageMeta, pageMetaFor, SITEMAP_PATHS } from './page-meta';
import { renderHead } from './render-head';
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
  ) {
    this.siteConfig = siteConfigFor(settings, config.NODE_ENV);
  }

  private get base(): string {
    return this.config.PUBLIC_URL.replace(/\/$/, '');
  }

  pageMeta(path: string): PageMeta {
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

  sitemapXml(): string {
    const urls = SITEMAP_PATHS.map((path) => `  <url><loc>${this.base}${path}</loc></url>`).join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
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
