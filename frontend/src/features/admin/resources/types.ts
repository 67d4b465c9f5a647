import type { ApiSchema } from '@/lib/api-schemas';

// A resource post as the admin API returns it, and what a save sends (spec §3 "Blog post"; openapi.json).

export type ResourcePost = ApiSchema<'ResourcePostDto'>;

export type ResourcePostInput = ApiSchema<'ResourcePostInputDto'>;
