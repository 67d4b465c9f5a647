/**
 * The site's route table: every public page's path, title, description and whether search
 * engines may index it. Read by the router (frontend/src/app/router.tsx, for the title after a
 * client-side navigation) and by the server's head rendering (libs/content/src/seo/page-meta.ts,
 * for the first response), so the two can't disagree. Plain data: no imports.
 *
 * `{product}` stands for the brand name. A title without it gets " – <brand>" added.
 * Paths are react-router patterns (`:param`; `/*` for a subtree).
 */
export interface SitePage {
  path: string;
  title: string;
  /** Defaults to DEFAULT_DESCRIPTION. */
  description?: string;
  indexable: boolean;
  /** The canonical URL's path when it is not the requested one. */
  canonicalPath?: string;
  /** Listed in sitemap.xml (at `canonicalPath ?? path`). */
  inSitemap?: boolean;
}

export const DEFAULT_DESCRIPTION =
  '{product} is your AI basketball shooting coach: film your shot with your phone and get real-time feedback on elbow angle, release, follow-through and balance.';

const RESOURCES = 'Basketball shooting drills, form tips and training insights from the {product} team.';

export const SITE_PAGES = {
  home: { path: '/', title: '{product} – AI Basketball Shooting Coach | Train like the Pros', indexable: true, inSitemap: true },
  about: {
    path: '/about',
    title: 'About Us',
    description: 'Meet the team in Finland building {product}, the AI shooting coach for players from youth to elite.',
    indexable: true,
    inSitemap: true,
  },
  ourVision: {
    path: '/our-vision',
    title: 'Our Vision',
    description: 'Why we are building {product}: elite shooting coaching for every player with a phone.',
    indexable: true,
    inSitemap: true,
  },
  resources: { path: '/resources', title: 'Resources', description: RESOURCES, indexable: true, inSitemap: true },
  resourceArticle: { path: '/resources/:slug', title: 'Resources', description: RESOURCES, indexable: true },
  /** A draft's preview link (Ghost's /p/{uuid}): shared by staff, never indexed, in no sitemap or feed. */
  resourcePreview: { path: '/p/:previewId', title: 'Preview', description: RESOURCES, indexable: false },
  contact: {
    path: '/contact',
    title: 'Contact Us',
    description: 'Questions, partnerships or feedback? Get in touch with the {product} team.',
    indexable: true,
    inSitemap: true,
  },
  /** An email's unsubscribe link (its token names a person: never indexed). */
  privacyRequest: {
    path: '/privacy-request',
    title: 'Your Data',
    description: 'Get a copy of the data {product} holds about you, or have it deleted.',
    indexable: false,
  },
  unsubscribe: { path: '/unsubscribe', title: 'Unsubscribe', description: 'Stop or restart waitlist emails from {product}.', indexable: false },
  shotAnalysis: {
    path: '/shotanalysis',
    title: 'Join the {product} waitlist – AI Shot Analysis',
    description: 'Be among the first to try {product}, the AI shooting coach. Join the waitlist and move up by inviting friends.',
    indexable: true,
    inSitemap: true,
  },
  /** /download itself: the page of the 'direct' tag (the app redirects there, keeping the query). */
  downloadDirect: {
    path: '/download',
    title: 'Download {product} – Your AI Basketball Coach',
    description: 'Get {product} for iOS and Android: AI shot analysis, a personal coach and progress tracking in your pocket.',
    indexable: true,
    canonicalPath: '/download/direct',
  },
  download: {
    path: '/download/:tag',
    title: 'Download {product} – Your AI Basketball Coach',
    description: 'Get {product} for iOS and Android: AI shot analysis, a personal coach and progress tracking in your pocket.',
    indexable: true,
    canonicalPath: '/download/direct',
    inSitemap: true,
  },
  privacyPolicy: {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    description: 'How {product} collects, uses and protects your data.',
    indexable: true,
    inSitemap: true,
  },
  termsOfService: {
    path: '/terms-of-service',
    title: 'Terms of Service',
    description: 'The terms for using {product} and its website.',
    indexable: true,
    inSitemap: true,
  },
  hbfForm: { path: '/hbf/:code', title: 'Helsinki Basketball Festival', indexable: false },
  hbfFeedback: { path: '/hbf-feedback/:code', title: 'Your Shot Analysis', indexable: false },
  shotForm: { path: '/shot/:code', title: 'AI Shot Analysis', indexable: false },
  shotFeedback: { path: '/shot-feedback/:code', title: 'Your Shot Analysis', indexable: false },
  adminLogin: { path: '/admin/login', title: 'Admin Login', description: '{product} staff area.', indexable: false },
  /** An invitation's emailed link (its token lets one person in: never indexed). */
  adminInvitation: { path: '/admin/invitation', title: 'Join the Team', description: '{product} staff area.', indexable: false },
  // The staff pages (behind sign-in, never indexed), each listed: an unknown /admin/... is a 404.
  adminDashboard: { path: '/admin', title: 'Admin Dashboard', description: '{product} staff area.', indexable: false },
  adminEarlyAccess: { path: '/admin/early-access', title: 'Early Access', description: '{product} staff area.', indexable: false },
  adminCreatorCodes: { path: '/admin/creator-codes', title: 'Creator Codes', description: '{product} staff area.', indexable: false },
  adminEmails: { path: '/admin/emails', title: 'Mail Log', description: '{product} staff area.', indexable: false },
  adminAnalytics: { path: '/admin/analytics', title: 'User Analytics', description: '{product} staff area.', indexable: false },
  adminWaitlist: { path: '/admin/waitlist', title: 'Waitlist', description: '{product} staff area.', indexable: false },
  adminBroadcasts: { path: '/admin/broadcasts', title: 'Announcements', description: '{product} staff area.', indexable: false },
  adminRewards: { path: '/admin/rewards', title: 'Rewards', description: '{product} staff area.', indexable: false },
  adminPrivacy: { path: '/admin/privacy', title: 'Privacy', description: '{product} staff area.', indexable: false },
  adminStaff: { path: '/admin/staff', title: 'Staff', description: '{product} staff area.', indexable: false },
  adminAudit: { path: '/admin/audit', title: 'Audit Log', description: '{product} staff area.', indexable: false },
  adminIntegrations: { path: '/admin/integrations', title: 'Integrations', description: '{product} staff area.', indexable: false },
  adminResources: { path: '/admin/resources', title: 'Manage Resources', description: '{product} staff area.', indexable: false },
  adminResourceNew: { path: '/admin/resources/new', title: 'New Resource', description: '{product} staff area.', indexable: false },
  adminResourceEdit: { path: '/admin/resources/edit/:id', title: 'Edit Resource', description: '{product} staff area.', indexable: false },
  /** The editor is also reached at /admin/resources/:id ('new' is the entry above). */
  adminResource: { path: '/admin/resources/:id', title: 'Edit Resource', description: '{product} staff area.', indexable: false },
  notFound: { path: '*', title: 'Page Not Found', indexable: false },
} satisfies Record<string, SitePage>;

export type SitePageName = keyof typeof SITE_PAGES;

/** Puts the brand in `{product}`. */
export function withProduct(text: string, brand: string): string {
  return text.replaceAll('{product}', () => brand);
}

/** A page's full title, as the <title> element shows it. */
export function pageTitle(title: string, brand: string): string {
  const text = withProduct(title, brand).trim();
  if (!text || text === brand) return withProduct(SITE_PAGES.home.title, brand);
  return text.includes(brand) ? text : `${text} – ${brand}`;
}

/** The page a path shows, by the table's patterns (the first that matches; `notFound` last). */
export function sitePageFor(path: string): { name: SitePageName; page: SitePage } {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  for (const [name, page] of Object.entries(SITE_PAGES) as [SitePageName, SitePage][]) {
    if (patternOf(page.path).test(normalised)) return { name, page };
  }
  return { name: 'notFound', page: SITE_PAGES.notFound };
}

function patternOf(path: string): RegExp {
  if (path === '*') return /^/;
  const source = path
    .split('/')
    .map((segment) => (segment === '*' ? '.*' : segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  // '/admin/*' also matches '/admin' itself.
  return new RegExp(`^${source.replace(/\/\.\*$/, '(?:/.*)?')}$`);
}
