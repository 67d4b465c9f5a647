import { ContactSubmissions1763700000102 } from './1763700000102-contact-submissions';
import { BlogPosts1763700000510 } from './1763700000510-blog-posts';
import { BlogSearchIndexes1763700001700 } from './1763700001700-blog-search-indexes';
import { BlogSearchTextByDate1763700001720 } from './1763700001720-blog-search-text-by-date';
import { ContactSubmissionsByEmail1763700002103 } from './1763700002103-contact-submissions-by-email';
import { BlogPostPreviewLinks1763700002500 } from './1763700002500-blog-post-preview-links';
import { ContactSubmissionsCaseless1763700002813 } from './1763700002813-contact-submissions-caseless';

/** The content module's tables, in order (the apps run them with the platform's: prepareDatabase). */
export const CONTENT_MIGRATIONS = [
  ContactSubmissions1763700000102,
  BlogPosts1763700000510,
  BlogSearchIndexes1763700001700,
  BlogSearchTextByDate1763700001720,
  ContactSubmissionsByEmail1763700002103,
  BlogPostPreviewLinks1763700002500,
  ContactSubmissionsCaseless1763700002813,
];
