import { expect, test as setup } from '@playwright/test';
import { ADMIN, ADMIN_STATE } from './fixtures/admin-session';

// Signs the e2e admin in once, through the API, for every test that needs a signed-in admin
// (playwright.config.ts runs this before both projects). No test signs this session out: the
// sign-out and password tests use sessions of their own.
setup('sign the admin in', async ({ request }) => {
  const response = await request.post('/api/auth/login', { data: ADMIN });
  expect(response.status(), await response.text()).toBe(200);
  await request.storageState({ path: ADMIN_STATE });
});
