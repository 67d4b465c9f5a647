import type { ApiSchema } from '@/lib/api-schemas';

// A resource post as the admin API returns it, and what a save sends (spec §3 "Blog post"; openapi.json).

export type ResourcePost = ApiSchema<'ResourcePostDto'>;
/** A post in the staff list: everything but the body. */
export type ResourcePostSummary = ApiSchema<'ResourcePostSummaryDto'>;

export type ResourcePostInput = ApiSchema<'ResourcePostInputDto'>;
