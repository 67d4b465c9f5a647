import { defineSettings, int } from '@swishly/platform';

/** The analytics module's own settings (environment variables; `.env.example` describes them). */
export const AnalyticsSettings = defineSettings('analytics', {
  /** Download tracking requests one address may send per minute (more answer 429). */
  ANALYTICS_RATE_LIMIT_PER_IP_PER_MINUTE: int(120, 1),
});
