import type { ApiSchema } from '@/lib/api-schemas';

// A resource post as the admin API returns it, and what a save sends (spec §3 "Blog post"; openapi.json).

export type ResourcePost = ApiSchema<'ResourcePostDto'>;
/** A post in the staff list: everything but the body. */
export type ResourcePostSummary = ApiSchema<'ResourcePostSummaryDto'>;

export type ResourcePostInput = ApiSchema<'ResourcePostInputDto'>;

/** A post as the editor opens it: with the unpublished revision waiting beside it and its preview link id. */
export type AdminResourcePost = ApiSchema<'AdminResourcePostDto'>;
export type ResourceRevision = ApiSchema<'ResourceRevisionDto'>;
export type ResourceRevisionDetail = ApiSchema<'ResourceRevisionDetailDto'>;
export type ResourceRevisionText = ApiSchema<'ResourceRevisionTextDto'>;
