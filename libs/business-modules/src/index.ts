import { ADMIN_MIGRATIONS, AdminModule, AdminSettings } from '@swishly/admin';
import { ANALYTICS_MIGRATIONS, AnalyticsModule, AnalyticsSettings } from '@swishly/analytics';
import { AiSettings, StorageSettings } from '@swishly/platform';
import { CHAT_MIGRATIONS, ChatModule, ChatSettings } from '@swishly/chat';
import { CONTENT_MIGRATIONS, ContentModule, ContentSettings, ResourcesSettings } from '@swishly/content';
import { EVENTS_MIGRATIONS, EventsModule, EventsSettings } from '@swishly/events';
import { WAITLIST_MIGRATIONS, WaitlistModule, WaitlistSettings } from '@swishly/waitlist';

/** The business modules both apps load: the API serves their controllers, the worker runs their consumers. */
export const BUSINESS_MODULES = [WaitlistModule, EventsModule, ContentModule, AdminModule, ChatModule, AnalyticsModule];

/** Every module's own settings: the apps check them at start with the platform's, `loadConfig(process.env, MODULE_SETTINGS)`. */
export const MODULE_SETTINGS = [
  WaitlistSettings,
  ContentSettings,
  AdminSettings,
  EventsSettings,
  ChatSettings,
  AiSettings,
  AnalyticsSettings,
  ResourcesSettings,
  StorageSettings,
];

/** Every module's migrations: the apps apply them with the platform's, `prepareDatabase(url, MODULE_MIGRATIONS)`. */
export const MODULE_MIGRATIONS = [
  ...WAITLIST_MIGRATIONS,
  ...CONTENT_MIGRATIONS,
  ...ANALYTICS_MIGRATIONS,
  ...ADMIN_MIGRATIONS,
  ...EVENTS_MIGRATIONS,
  ...CHAT_MIGRATIONS,
];
