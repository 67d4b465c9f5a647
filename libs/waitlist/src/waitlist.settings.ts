import { defineSettings, int } from '@swishly/platform';
import { z } from 'zod';

/** The waitlist's own settings (environment variables; `.env.example` describes them). */
export const WaitlistSettings = defineSettings('waitlist', {
  /** Places a referrer moves up for each friend who confirms. */
  WAITLIST_PLACES_PER_REFERRAL: int(5, 1),
  /** Referrals from one address to one referrer within the window before they are flagged, not credited. */
  REFERRAL_BURST_LIMIT: int(5, 1),
  REFERRAL_BURST_WINDOW_MINUTES: int(60, 1),
  /** Sign-ups from disposable (throwaway) mail domains: `flag` them for staff in the list, or `refuse` them at the form. */
  WAITLIST_DISPOSABLE_EMAILS: z.enum(['flag', 'refuse']).default('flag'),
  /** Hours after their confirmation link went before a member who has not confirmed gets the one reminder. */
  CONFIRMATION_REMINDER_HOURS: int(48, 1),
});
