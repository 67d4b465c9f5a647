import { defineSettings } from '@swishly/platform';
import { z } from 'zod';

/** The events module's own settings (environment variables; `.env.example` describes them). */
export const EventsSettings = defineSettings('events', {
  /**
   * The bearer token the booth and the app send with POST /api/shots. Unset: the endpoint
   * refuses every request (`npm run shots:create` writes directly and needs no token).
   */
  SHOTS_INGEST_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
});
