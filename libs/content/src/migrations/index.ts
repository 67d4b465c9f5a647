import { ContactSubmissions1763700000102 } from './1763700000102-contact-submissions';

/** The content module's tables, in order (the apps run them with the platform's: prepareDatabase). */
export const CONTENT_MIGRATIONS = [ContactSubmissions1763700000102];
