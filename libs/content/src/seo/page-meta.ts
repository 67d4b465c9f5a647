import { DEFAULT_DESCRIPTION, pageTitle, SITE_PAGES, SitePage, sitePageFor, SitePageName, withProduct } from '@swishly/site-pages';

/** What a crawler or a link preview sees for each page, before any JavaScript runs. */
export interface PageMeta {
  title: string;
  description: string;
  /** Path of the canonical URL; defaults to the requested path. */
  canonicalPath?: string;
  indexable: boolean;
  /** Served as 404 (the not-found page). */
  notFound?: boolean;
  structuredData?: object[];
  /** Above-the-fold images the browser should fetch before the app renders them (the LCP image). */
  preloadImages?: { href: string; media: string }[];
  /** The page's lazily loaded screen (its source path, a key of Vite's build manifest). */
  screen?: string;
  /** Script chunks the browser should fetch with the app's own (the screen's, from the manifest). */
  preloadModules?: string[];
  /** The link-preview image (absolute, or a path on this site); default: the site's card, /og-image.png. */
  image?: { url: string; alt?: string | null };
  /** An article's Open Graph type and details (og:type article); default: website. */
  article?: { publishedTime: string; modifiedTime: string; author: string; tags: string[] };
}

/**
 * The screens of the landing pages, as frontend/src/app/router.tsx imports them lazily: the
 * server names their chunks in the head, so they load beside the app's code, one round trip
 * sooner (e2e/first-paint.spec.ts checks they are found).
 */
const SCREENS: Partial<Record<SitePageName, string>> = {
  home: 'src/app/pages/home-page.tsx',
  shotAnalysis: 'src/features/waitlist/pages/shotanalysis-page.tsx',
};

/**
 * The head of the first response for a path: title, description, indexability and canonical
 * path come from the site's route table (frontend/src/config/site-pages.ts, shared with the
 * router); what only the server needs is added here.
 */
export function pageMetaFor(path: string, brand: string): PageMeta {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  const { name, page } = sitePageFor(normalised);
  const meta: PageMeta = {
    title: pageTitle(page.title, brand),
    description: withProduct(page.description ?? DEFAULT_DESCRIPTION, brand),
    indexable: page.indexable,
    canonicalPath: page.canonicalPath ?? normalised,
  };
  if (name === 'notFound') return { ...meta, canonicalPath: undefined, notFound: true };
  meta.screen = SCREENS[name];
  if (name === 'home') {
    // The hero's background art (frontend hero-section.tsx), per breakpoint as its <picture> has it.
    meta.preloadImages = [
      { href: '/images/hero-mobile.svg', media: '(max-width: 767.98px)' },
      { href: '/images/hero-desktop.svg', media: '(min-width: 768px)' },
    ];
  }
  if (name === 'shotAnalysis') {
    // The poster frame the page shows first (frontend background-video.tsx): its LCP image.
    meta.preloadImages = [{ href: '/media/demo-poster.webp', media: 'all' }];
  }
  return meta;
}

/** The public pages listed in sitemap.xml. */
export const SITEMAP_PATHS = Object.values(SITE_PAGES as Record<string, SitePage>)
  .filter((page) => page.inSitemap)
  .map((page) => page.canonicalPath ?? page.path);
