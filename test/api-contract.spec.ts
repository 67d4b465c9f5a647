import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase } from './utils/database';
import { bootApi } from './utils/test-app';
import { testConfig } from './utils/test-config';

/**
 * The API contract, kept in one place: the OpenAPI document the API serves is checked in as
 * `openapi.json`, and the frontend's API types are generated from it into
 * `frontend/src/lib/api-types.ts` (openapi-typescript; `npm test` checks them with `--check`).
 * This test fails when openapi.json is out of step with the code: `npm run api:contract` writes
 * both again, and the frontend's type check then shows what a backend change broke.
 */
const root = join(__dirname, '..');
const DOCUMENT = join(root, 'openapi.json');
const update = process.env.UPDATE_API_CONTRACT === '1';

describe('API contract', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    db = await createTestDatabase();
    app = await bootApi(testConfig(db.url));
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('openapi.json is the document the API serves (npm run api:contract updates it)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = JSON.stringify(res.json(), null, 2) + '\n';
    if (update) writeFileSync(DOCUMENT, document);
    expect(existsSync(DOCUMENT) && readFileSync(DOCUMENT, 'utf8')).toBe(document);
  });
});
