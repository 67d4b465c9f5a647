import { DEFAULT_DESCRIPTION, pageTitle, SITE_PAGES, SitePage, sitePageFor, withProduct } from '@swishly/site-pages';

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
}

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
  if (name === 'home') {
    // The hero's background art (frontend hero-section.tsx), per breakpoint as its <picture> has it.
    meta.preloadImages = [
      { href: '/images/hero-mobile.svg', media: '(max-width: 767.98px)' },
      { href: '/images/hero-desktop.svg', media: '(min-width: 768px)' },
    ];
  }
  return meta;
}

/** The public pages listed in sitemap.xml. */
export const SITEMAP_PATHS = Object.values(SITE_PAGES as Record<string, SitePage>)
  .filter((page) => page.inSitemap)
  .map((page) => page.canonicalPath ?? page.path);
