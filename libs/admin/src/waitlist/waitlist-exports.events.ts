import { defineEvent } from '@swishly/platform';

/** One stream per download of the list as CSV. */
export const WAITLIST_EXPORT_STREAM = 'waitlist-export';

/**
 * Staff (the event's actor) downloaded the list as CSV, filtered by `status`. What was searched
 * for is not kept (it can be a person's name): only whether the list was searched.
 */
export const WaitlistExported = defineEvent<{ status: string | null; searched: boolean }>('admin.waitlist-exported');
