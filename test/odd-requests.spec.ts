import { signInStaff } from './utils/test-app';
import { startStack, TestStack } from './utils/test-stack';

// Odd requests that answered 500 (so a client or a provider retries, and the
// logs fill with errors) or leaked a parser's message, each now a plain 4xx in our error shape.
// The signed webhook cases are in test/mail-webhooks.spec.ts.
describe('odd requests get a 4xx, never a 500 or a parser message', () => {
  let stack: TestStack;
  let staff: { cookie: string; 'x-csrf-token': string };
  const get = (url: string) => stack.api.inject({ url, headers: staff });

  beforeAll(async () => {
    stack = await startStack();
    staff = await signInStaff(stack.api, 'odd-requests-staff@swishly.test');
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('answers a waitlist cursor past the integer columns with 400 (a well-formed one still pages)', async () => {
    for (const cursor of ['9999999999:1', '1:9999999999', '-9999999999:1', '2147483648:0']) {
      const res = await get(`/api/admin/waitlist?cursor=${Buffer.from(cursor).toString('base64url')}`);
      expect([cursor, res.statusCode, res.json().code]).toEqual([cursor, 400, 'invalid_cursor']);
    }
    expect((await get(`/api/admin/waitlist?cursor=${Buffer.from('2147483647:2147483647').toString('base64url')}`)).statusCode).toBe(200);
  });

  it('answers an admission or an announcement id of 36 characters that is no UUID with 404', async () => {
    for (const id of ['-'.repeat(36), 'aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaa-', '0123456789abcdef0123456789abcdef----', 'ffffffffffffffffffffffffffffffffffff']) {
      for (const base of ['/api/admin/waitlist/admissions', '/api/admin/broadcasts']) {
        const res = await get(`${base}/${id}`);
        expect([base, id, res.statusCode]).toEqual([base, id, 404]);
        expect(res.json()).toEqual({ error: expect.any(String), code: expect.any(String) });
      }
    }
    // A real UUID nobody used: 404 as well.
    expect((await get('/api/admin/waitlist/admissions/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('refuses NUL in a page path or query with 400, as it does under /api/', async () => {
    for (const url of ['/resources/%00', '/resources/a%00b', '/p/%00', '/resources?x=%00']) {
      const res = await stack.api.inject(url);
      expect([url, res.statusCode, res.json()]).toEqual([url, 400, { error: 'The request contains characters we cannot accept.', code: 'invalid_characters' }]);
    }
  });

  it("answers the queue dashboard's API a plain 400 in our error shape for NUL in its query, never the parser's message", async () => {
    for (const url of ['/admin/queues/api/queues?status=%00', '/admin/queues/api/queues?activeQueue=%00&status=failed', '/admin/queues/api/queues?page=%00']) {
      const res = await get(url);
      expect([url, res.statusCode, res.json()]).toEqual([url, 400, { error: 'The request contains characters we cannot accept.', code: 'invalid_characters' }]);
    }
    expect((await get('/admin/queues/api/queues?status=failed')).statusCode).toBe(200);
  });
});
