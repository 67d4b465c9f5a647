import type { ApiSchema } from '@/lib/api-schemas';

/** A published resource post as the public API returns it (spec §3 "Blog post"; openapi.json). */
export type Post = ApiSchema<'ResourcePostDto'>;
