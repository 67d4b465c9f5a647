import type { ApiSchema } from '@/lib/api-schemas';

/** A published resource post as the public API returns it (spec §3 "Blog post"; openapi.json). */
export type Post = ApiSchema<'ResourcePostDto'>;

/** A post in a list (the public list, related posts): everything but the body. */
export type PostSummary = ApiSchema<'ResourcePostSummaryDto'>;
