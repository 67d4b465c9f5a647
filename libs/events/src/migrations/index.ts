import { ShotRecords1763700000401 } from './1763700000401-shot-records';
import { ShotRecordsByEmail1763700002102 } from './1763700002102-shot-records-by-email';
import { ShotClaims1763700002850 } from './1763700002850-shot-claims';

/** The events module's tables, in order (the apps run them with the platform's: prepareDatabase). */
export const EVENTS_MIGRATIONS = [ShotRecords1763700000401, ShotRecordsByEmail1763700002102, ShotClaims1763700002850];
