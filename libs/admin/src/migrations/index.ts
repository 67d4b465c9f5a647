import { Admin1763700000300 } from './1763700000300-admin';

/** The admin module's tables, in order (the apps run them with the platform's: prepareDatabase). */
export const ADMIN_MIGRATIONS = [Admin1763700000300];
