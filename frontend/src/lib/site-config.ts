import { SITE_CONFIG_ELEMENT_ID, type PrivacyFacts, type SiteConfig, type SocialNetwork, type StorePlatform } from '@/config/site-config';

// What the server configured for this site (config/site-config.ts): read once from the JSON the
// server writes into the page's head, as brand.ts reads the brand. Only https addresses and
// strings are taken; without the element (the Vite dev server), nothing is configured and
// samples show in development only.

const NOTHING: SiteConfig = { samples: import.meta.env.DEV, company: {}, stores: {}, social: {} };

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
const httpsUrl = (value: unknown): string | undefined => (typeof value === 'string' && /^https:\/\/[^\s]+$/i.test(value) ? value : undefined);

function pick<K extends string>(source: unknown, keys: readonly K[], read: (value: unknown) => string | undefined): Partial<Record<K, string>> {
  const record = (source && typeof source === 'object' ? source : {}) as Record<string, unknown>;
  const result: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = read(record[key]);
    if (value) result[key] = value;
  }
  return result;
}

function readSiteConfig(): SiteConfig {
  if (typeof document === 'undefined') return NOTHING;
  const element = document.getElementById(SITE_CONFIG_ELEMENT_ID);
  if (!element?.textContent) return NOTHING;
  try {
    const raw = JSON.parse(element.textContent) as Record<string, unknown>;
    const company = pick(raw.company, ['legalName', 'businessId', 'address'], text);
    const email = text((raw.company as Record<string, unknown> | undefined)?.privacyEmail);
    return {
      samples: raw.samples === true,
      company: { ...company, ...(email && /^[^\s@]+@[^\s@]+$/.test(email) ? { privacyEmail: email } : {}) },
      stores: pick(raw.stores, ['ios', 'android'] as const, httpsUrl),
      social: pick(raw.social, ['instagram', 'tiktok', 'youtube'] as const, httpsUrl),
      privacy: readPrivacyFacts(raw.privacy),
    };
  } catch {
    return NOTHING;
  }
}

export const siteConfig: SiteConfig = readSiteConfig();

/** The store listing of a platform, when the app is published there. */
export function storeUrl(platform: StorePlatform): string | undefined {
  return siteConfig.stores[platform];
}

/** The profile on a network, when there is one. */
export function socialUrl(network: SocialNetwork): string | undefined {
  return siteConfig.social[network];
}

/** The periods the code keeps by default (the server's RETENTION_* settings), for a page the server did not render (the Vite dev server). */
const DEFAULT_PRIVACY: PrivacyFacts = {
  retention: {
    mailBodyDays: 30,
    mailLogMonths: 24,
    sessionAddressDays: 90,
    coachConversationMonths: 24,
    contactMessageMonths: 24,
    downloadClickDays: 30,
    privacyRequestHours: 24,
  },
  emailProvider: 'Resend',
  aiProvider: null,
};

function readPrivacyFacts(source: unknown): PrivacyFacts {
  const raw = (source && typeof source === 'object' ? source : {}) as Record<string, unknown>;
  const periods = (raw.retention && typeof raw.retention === 'object' ? raw.retention : {}) as Record<string, unknown>;
  const period = (key: keyof PrivacyFacts['retention']) => {
    const value = periods[key];
    return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : DEFAULT_PRIVACY.retention[key];
  };
  return {
    retention: {
      mailBodyDays: period('mailBodyDays'),
      mailLogMonths: period('mailLogMonths'),
      sessionAddressDays: period('sessionAddressDays'),
      coachConversationMonths: period('coachConversationMonths'),
      contactMessageMonths: period('contactMessageMonths'),
      downloadClickDays: period('downloadClickDays'),
      privacyRequestHours: period('privacyRequestHours'),
    },
    emailProvider: text(raw.emailProvider) ?? DEFAULT_PRIVACY.emailProvider,
    aiProvider: text(raw.aiProvider) ?? null,
  };
}

/** What the Privacy Policy states from the server's settings. */
export function privacyFacts(): PrivacyFacts {
  return siteConfig.privacy ?? DEFAULT_PRIVACY;
}
