import type { AppConfig, SettingsOf } from '@swishly/platform';
import { founders, onlySamples, testimonials, type Founder, type Testimonial } from '@swishly/people';
import type { PrivacyFacts, SiteConfig } from '@swishly/site-config';
import { ContentSettings } from '../content.settings';

export type ContentSettingsValues = SettingsOf<typeof ContentSettings>;

/** Sample entries (content/people.ts) show in development only: never to visitors, nor in the browser tests. */
export function samplesAllowed(nodeEnv: AppConfig['NODE_ENV']): boolean {
  return nodeEnv === 'development';
}

/** What the frontend is told (in every page's head): only what is configured. */
export function siteConfigFor(settings: ContentSettingsValues, nodeEnv: AppConfig['NODE_ENV'], privacy?: PrivacyFacts): SiteConfig {
  return {
    ...(privacy ? { privacy } : {}),
    samples: samplesAllowed(nodeEnv),
    company: {
      legalName: settings.COMPANY_LEGAL_NAME,
      businessId: settings.COMPANY_BUSINESS_ID,
      address: settings.COMPANY_ADDRESS,
      privacyEmail: settings.PRIVACY_EMAIL,
    },
    stores: { ios: settings.APP_STORE_URL, android: settings.GOOGLE_PLAY_URL },
    social: { instagram: settings.INSTAGRAM_URL, tiktok: settings.TIKTOK_URL, youtube: settings.YOUTUBE_URL },
  };
}

/**
 * The content visitors do not see yet because nobody has supplied it: each unset setting by
 * name, and each list of people that has only samples.
 */
export function missingContent(
  settings: ContentSettingsValues,
  people: { testimonials: readonly Testimonial[]; founders: readonly Founder[] } = { testimonials, founders },
): string[] {
  const unset = ContentSettings.keys.filter((key) => settings[key as keyof ContentSettingsValues] === undefined);
  return [
    ...unset,
    ...(onlySamples(people.testimonials) ? ['testimonials: only samples'] : []),
    ...(onlySamples(people.founders) ? ['founders: only samples'] : []),
  ];
}

/** The one warning a production start logs while content is missing (null otherwise). */
export function missingContentWarning(
  nodeEnv: AppConfig['NODE_ENV'],
  settings: ContentSettingsValues,
  people?: Parameters<typeof missingContent>[1],
): string | null {
  if (nodeEnv !== 'production') return null;
  const missing = missingContent(settings, people);
  if (missing.length === 0) return null;
  return `Content still missing, so visitors do not see it (set these in the environment, add real entries to frontend/src/content/people.ts): ${missing.join(', ')}`;
}

/** The Privacy Policy's facts, from the settings the code keeps (retention) and the processors it calls. */
export function privacyFactsFor(config: AppConfig, aiProvider: string | null): PrivacyFacts {
  return {
    retention: {
      mailBodyDays: config.RETENTION_MAIL_BODY_DAYS,
      mailLogMonths: config.RETENTION_MAIL_LOG_MONTHS,
      sessionAddressDays: config.RETENTION_SESSION_ADDRESS_DAYS,
      coachConversationMonths: config.RETENTION_COACH_CONVERSATION_MONTHS,
      contactMessageMonths: config.RETENTION_CONTACT_MESSAGE_MONTHS,
      downloadClickDays: config.RETENTION_DOWNLOAD_CLICK_DAYS,
      privacyRequestHours: config.PRIVACY_REQUEST_TTL_HOURS,
    },
    emailProvider: 'Resend',
    aiProvider,
  };
}
