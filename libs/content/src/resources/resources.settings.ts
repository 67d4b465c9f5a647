import { defineSettings, int } from '@swishly/platform';

/** The blog's own settings. */
export const ResourcesSettings = defineSettings('resources', {
  /** How often the worker looks for posts whose scheduled publish time has come. */
  RESOURCES_SCHEDULE_POLL_MS: int(10_000, 50),
  /** Public answers (lists, searches, articles) each process keeps until a post changes; 0 keeps none. */
  RESOURCES_CACHE_ANSWERS: int(500, 0),
});
