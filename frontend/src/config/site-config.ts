// What the server tells the one frontend build about this site, beside the brand: the company
// behind it, its store listings and social profiles (each only when configured: BRAND_NAME's
// siblings in libs/content/src/content.settings.ts), and whether sample content may show.
// The server writes it as JSON into <script type="application/json" id="site-config"> in the
// head of every page (libs/content/src/seo/render-head.ts); lib/site-config.ts reads it.
// Shared with the server (tsconfig.json's @swishly/site-config), so it imports nothing.

export const SITE_CONFIG_ELEMENT_ID = 'site-config';

export type StorePlatform = 'ios' | 'android';
export type SocialNetwork = 'instagram' | 'tiktok' | 'youtube';

export interface SiteConfig {
  /** Whether entries marked `sample` (content/people.ts) may show: in development only. */
  samples: boolean;
  company: {
    legalName?: string;
    businessId?: string;
    address?: string;
    privacyEmail?: string;
  };
  /** Store listings (https). A platform without one has no listing yet. */
  stores: Partial<Record<StorePlatform, string>>;
  /** Social profiles (https). A network without one is not shown. */
  social: Partial<Record<SocialNetwork, string>>;
  /** What the Privacy Policy states from the settings: the retention periods and who processes data for us. */
  privacy?: PrivacyFacts;
}

export interface PrivacyFacts {
  retention: {
    mailBodyDays: number;
    mailLogMonths: number;
    sessionAddressDays: number;
    coachConversationMonths: number;
    contactMessageMonths: number;
    downloadClickDays: number;
    /** How long a privacy request's emailed link works; a request not confirmed by then is forgotten. */
    privacyRequestHours: number;
  };
  /** The company that delivers our email. */
  emailProvider: string;
  /** Who runs the coach's language model, when one is configured (null: our built-in coach answers). */
  aiProvider: string | null;
}
