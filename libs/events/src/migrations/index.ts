import { ShotRecords1763700000401 } from './1763700000401-shot-records';
import { ShotRecordsByEmail1763700002102 } from './1763700002102-shot-records-by-email';
import { ShotRecordsCaseless1763700002812 } from './1763700002812-shot-records-caseless';
import { ShotClaims1763700002850 } from './1763700002850-shot-claims';

/** The events module's tables, in order (the apps run them with the platform's: prepareDatabase). */
export const EVENTS_MIGRATIONS = [ShotRecords1763700000401, ShotRecordsByEmail1763700002102, ShotRecordsCaseless1763700002812, ShotClaims1763700002850];
