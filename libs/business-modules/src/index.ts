import { AdminModule, AdminSettings } from '@swishly/admin';
import { AnalyticsModule } from '@swishly/analytics';
import { ChatModule } from '@swishly/chat';
import { ContentModule } from '@swishly/content';
import { EventsModule } from '@swishly/events';
import { WaitlistModule, WaitlistSettings } from '@swishly/waitlist';

/** The business modules both apps load: the API serves their controllers, the worker runs their consumers. */
export const BUSINESS_MODULES = [WaitlistModule, EventsModule, ContentModule, AdminModule, ChatModule, AnalyticsModule];

/** Every module's own settings: the apps check them at start with the platform's, `loadConfig(process.env, MODULE_SETTINGS)`. */
export const MODULE_SETTINGS = [WaitlistSettings, AdminSettings];
