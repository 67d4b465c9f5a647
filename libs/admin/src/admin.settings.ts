import { bool, defineSettings, int } from '@swishly/platform';
import { z } from 'zod';

/** The back office's own settings (environment variables; `.env.example` describes them). */
export const AdminSettings = defineSettings('admin', {
  ADMIN_SESSION_TTL_HOURS: int(12, 1),
  ADMIN_RESET_TOKEN_TTL_MINUTES: int(60, 5),
  /**
   * The origin staff open the admin at, for passkeys (their relying party is its host); unset,
   * PUBLIC_URL's. A passkey made for one host never signs in on another.
   */
  PASSKEY_ORIGIN: z.url().optional(),
  /** How long a staff invitation's link works. */
  STAFF_INVITATION_TTL_HOURS: int(72, 1),
  /** Failed sign-ins allowed per account and per address within the window, then 429. */
  ADMIN_LOGIN_MAX_FAILURES_PER_ACCOUNT: int(5, 1),
  ADMIN_LOGIN_MAX_FAILURES_PER_IP: int(20, 1),
  ADMIN_LOGIN_WINDOW_MINUTES: int(15, 1),
  /** How long a sign-in whose password was right waits for its second step (or the factor's set-up). */
  ADMIN_MFA_PENDING_MINUTES: int(5, 1),
  /** Redemption attempts per address per minute on POST /api/early-access/redeem. */
  EARLY_ACCESS_REDEEM_RATE_LIMIT_PER_MINUTE: int(10, 1),
  /** Wrong codes per address per hour, then 429 for that address. */
  EARLY_ACCESS_REDEEM_MAX_FAILURES_PER_IP_PER_HOUR: int(30, 1),
  /** Wrong codes per hour from all addresses together, then 429 for everyone (a distributed guesser). */
  EARLY_ACCESS_REDEEM_MAX_FAILURES_PER_HOUR: int(300, 1),
  /**
   * Different addresses one client (an IP address, an IPv6 /64) may ask about on /privacy-request
   * in a day, then 429: nobody can run a list of other people's addresses through the form.
   */
  PRIVACY_REQUEST_ADDRESSES_PER_IP_PER_DAY: int(5, 1),
  /** How often the worker looks for scheduled announcements whose time has come. */
  BROADCAST_SCHEDULE_POLL_MS: int(15_000, 100),
  /** Lets webhooks go to http:// and to loopback and private addresses: development and tests only. */
  WEBHOOK_ALLOW_PRIVATE_URLS: bool(false),
  /** How long a webhook receiver has to answer an attempt. */
  WEBHOOK_TIMEOUT_MS: int(10_000, 100),
  /** An endpoint whose every attempt failed for this long is paused, and staff told. */
  WEBHOOK_PAUSE_AFTER_HOURS: int(24, 1),
  /** How often the worker looks for deliveries due for another attempt. */
  WEBHOOK_RETRY_POLL_MS: int(5_000, 100),
  /** Delivery log rows (and the payloads they hold) are kept this long. */
  WEBHOOK_DELIVERY_RETENTION_DAYS: int(30, 1),
  /** Requests one API key may make to /api/v1 per minute, then 429 with Retry-After. */
  API_KEY_RATE_LIMIT_PER_MINUTE: int(600, 1),
});
