import { EventStore1763700000000 } from './1763700000000-event-store';
import { FoundationReadModels1763700000100 } from './1763700000100-foundation-read-models';

/**
 * Every migration, in order. One history for the one database; each business module's
 * tables are created by the migration named after it.
 */
export const migrations = [EventStore1763700000000, FoundationReadModels1763700000100];
