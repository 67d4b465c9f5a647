import type { Page } from '@playwright/test';
import type { SiteConfig } from '../frontend/src/config/site-config';
import settings from './site-settings.json';

/**
 * What the browser tests' server is configured with (scripts/e2e-server.js passes these to it):
 * the company, both store listings, and Instagram and YouTube (not TikTok).
 */
export const SITE_SETTINGS = settings as Record<string, string> & typeof settings;

/**
 * Serves every page with its site configuration changed by `change` (as the server would
 * write it with other settings, or in development): what a visitor sees where, say, no store
 * listing is configured yet, without a second server.
 */
export async function withSiteConfig(page: Page, change: (config: SiteConfig) => SiteConfig): Promise<void> {
  await page.route(
    (url) => !url.pathname.startsWith('/api/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = (await response.text()).replace(
        /(<script type="application\/json" id="site-config">)([^<]*)(<\/script>)/,
        (_match, open: string, json: string, close: string) =>
          `${open}${JSON.stringify(change(JSON.parse(json) as SiteConfig)).replace(/</g, '\\u003c')}${close}`,
      );
      await route.fulfill({ response, body: html });
    },
  );
}
