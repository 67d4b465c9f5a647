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

interface PageRoute {
  pattern: RegExp;
  meta: (brand: string, match: RegExpMatchArray) => Omit<PageMeta, 'indexable'> & { indexable?: boolean };
}

const DEFAULT_DESCRIPTION = (brand: string) =>
  `${brand} is your AI basketball shooting coach: film your shot with your phone and get real-time feedback on elbow angle, release, follow-through and balance.`;

/** The spec's route table, with the metadata of every page. */
const ROUTES: PageRoute[] = [
  {
    pattern: /^\/$/,
    meta: (brand) => ({
      title: `${brand} – AI Basketball Shooting Coach | Train like the Pros`,
      description: DEFAULT_DESCRIPTION(brand),
      // The hero's background art (frontend hero-section.tsx), per breakpoint as its <picture> has it.
      preloadImages: [
        { href: '/images/hero-mobile.svg', media: '(max-width: 767.98px)' },
        { href: '/images/hero-desktop.svg', media: '(min-width: 768px)' },
      ],
    }),
  },
  {
    pattern: /^\/download(?:\/([^/]+))?$/,
    meta: (brand) => ({
      title: `Download ${brand} – Your AI Basketball Coach`,
      description: `Get ${brand} for iOS and Android: AI shot analysis, a personal coach and progress tracking in your pocket.`,
      canonicalPath: '/download/direct',
    }),
  },
  {
    pattern: /^\/privacy-policy$/,
    meta: (brand) => ({ title: `Privacy Policy – ${brand}`, description: `How ${brand} collects, uses and protects your data.` }),
  },
  {
    pattern: /^\/terms-of-service$/,
    meta: (brand) => ({ title: `Terms of Service – ${brand}`, description: `The terms for using ${brand} and its website.` }),
  },
  {
    pattern: /^\/about$/,
    meta: (brand) => ({ title: `About Us – ${brand}`, description: `Meet the team in Finland building ${brand}, the AI shooting coach for players from youth to elite.` }),
  },
  {
    pattern: /^\/our-vision$/,
    meta: (brand) => ({ title: `Our Vision – ${brand}`, description: `Why we are building ${brand}: elite shooting coaching for every player with a phone.` }),
  },
  {
    pattern: /^\/resources$/,
    meta: (brand) => ({ title: `Resources – ${brand}`, description: `Basketball shooting drills, form tips and training insights from the ${brand} team.` }),
  },
  {
    pattern: /^\/resources\/([a-z0-9-]+)$/,
    meta: (brand) => ({ title: `Resources – ${brand}`, description: `Basketball shooting drills, form tips and training insights from the ${brand} team.` }),
  },
  {
    pattern: /^\/contact$/,
    meta: (brand) => ({ title: `Contact Us – ${brand}`, description: `Questions, partnerships or feedback? Get in touch with the ${brand} team.` }),
  },
  {
    pattern: /^\/shotanalysis$/,
    meta: (brand) => ({
      title: `Join the ${brand} waitlist – AI Shot Analysis`,
      description: `Be among the first to try ${brand}, the AI shooting coach. Join the waitlist and move up by inviting friends.`,
    }),
  },
  {
    pattern: /^\/(hbf|hbf-feedback|shot|shot-feedback)\/[^/]+$/,
    meta: (brand) => ({ title: `Your Shot Analysis – ${brand}`, description: DEFAULT_DESCRIPTION(brand), indexable: false }),
  },
  {
    pattern: /^\/admin(\/.*)?$/,
    meta: (brand) => ({ title: `Admin – ${brand}`, description: `${brand} staff area.`, indexable: false }),
  },
];

export function pageMetaFor(path: string, brand: string): PageMeta {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  for (const route of ROUTES) {
    const match = normalised.match(route.pattern);
    if (match) {
      const meta = route.meta(brand, match);
      return { ...meta, indexable: meta.indexable ?? true, canonicalPath: meta.canonicalPath ?? normalised };
    }
  }
  return {
    title: `Page not found – ${brand}`,
    description: DEFAULT_DESCRIPTION(brand),
    indexable: false,
    notFound: true,
  };
}

/** The public pages listed in sitemap.xml. */
export const SITEMAP_PATHS = ['/', '/about', '/our-vision', '/resources', '/contact', '/shotanalysis', '/download/direct', '/privacy-policy', '/terms-of-service'];
