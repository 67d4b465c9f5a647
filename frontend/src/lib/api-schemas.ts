import type { components } from './api-types';

/**
 * The API's request and response shapes, generated from the OpenAPI document the backend
 * serves (`npm run api:contract` writes lib/api-types.ts). Feature code names them through
 * this: `type CreatorCode = ApiSchema<'CreatorCodeDto'>`.
 */
export type ApiSchema<Name extends keyof components['schemas']> = components['schemas'][Name];
