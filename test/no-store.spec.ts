import { WaitlistService } from '@swishly/waitlist';
import { signInStaff } from './utils/test-app';
import { eventually } from './utils/test-config';
import { startStack, TestStack } from './utils/test-stack';

// Answers that hold personal or staff data carry `Cache-Control: no-store`, so
// that no browser cache or proxy keeps a member list, a person's export or a session. Every GET
// of the admin and auth API (walked from the OpenAPI document the API serves, each with real ids
// so that it answers 2xx), the privacy self-service answers and the queue dashboard's API.

type ParameterSchema = { enum?: string[]; type?: string; minimum?: number };
type OpenApi = { paths: Record<string, Record<string, { parameters?: { name: string; in: string; required?: boolean; schema?: ParameterSchema }[] }>> };

/** A value a required query parameter accepts: its first choice, its least number, or some text. */
const sampleOf = (schema: ParameterSchema | undefined) =>
  schema?.enum?.[0] ?? (schema?.type === 'integer' || schema?.type === 'number' ? String(schema.minimum ?? 1) : 'x');

describe('Cache-Control: no-store on every answer that holds personal or staff data', () => {
  let stack: TestStack;
  let staff: { cookie: string; 'x-csrf-token': string };
  let ip = 0;
  const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
    stack.api.inject({ method, url, payload, headers: staff, remoteAddress: `10.12.0.${++ip % 250}` });

  beforeAll(async () => {
    stack = await startStack({ PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '1000' });
    staff = await signInStaff(stack.api, 'no-store-staff@swishly.test');
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('on every GET of /api/admin and /api/auth in openapi.json, each answering 2xx with real ids', async () => {
    // A member, confirmed and admitted; their welcome in the mail log; a post with a revision; an announcement.
    const joined = (
      await stack.api.inject({
        method: 'POST',
        url: '/api/waitlist',
        payload: { first_name: 'Nell', email: 'nell.nostore@example.org', role: null, referrerCode: null },
      })
    ).json();
    await stack.api.inject({ method: 'POST', url: '/api/waitlist/confirm', payload: { token: stack.api.get(WaitlistService).links.confirmToken(joined.id) } });
    const admission = (await as('POST', `/api/admin/waitlist/${joined.id}/admission`)).json();
    const [mail] = await eventually(
      () => stack.dataSource.query(`SELECT id::text FROM mail_log ORDER BY id LIMIT 1`),
      (rows) => rows.length === 1,
    );
    const post = (await as('POST', '/api/admin/resources', { title: 'No store', content: '<p>One.</p>' })).json();
    await as('POST', `/api/admin/resources/${post.id}/publish`, { published: true });
    const [revision] = (await as('GET', `/api/admin/resources/${post.id}/revisions`)).json().revisions;
    const broadcast = (await as('POST', '/api/admin/broadcasts', { subject: 'News', html: '<p>News.</p>', audience: 'all' })).json();
    const webhook = (await as('POST', '/api/admin/webhooks', { url: 'https://hooks.example.com/no-store', events: ['member.joined'] })).json();
    const imported = (
      await stack.api.inject({
        method: 'POST',
        url: '/api/admin/waitlist/import',
        payload: 'email,first_name\nimported.nostore@example.org,Ina\n',
        headers: { ...staff, 'content-type': 'text/csv' },
      })
    ).json();
    const ids: Record<string, string> = {
      '/api/admin/emails/{id}': mail.id,
      '/api/admin/resources/{id}': post.id,
      '/api/admin/resources/{id}/revisions': post.id,
      '/api/admin/resources/{id}/revisions/{revisionId}': post.id,
      '/api/admin/waitlist/{id}': joined.id,
      '/api/admin/waitlist/admissions/{id}': admission.id,
      '/api/admin/broadcasts/{id}': broadcast.id,
      '/api/admin/webhooks/{id}': webhook.id,
      '/api/admin/webhooks/{id}/deliveries': webhook.id,
      '/api/admin/waitlist/import/{id}': imported.id,
    };

    const document: OpenApi = (await stack.api.inject('/api/docs/openapi.json')).json();
    const answers: [string, number, unknown][] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      if (!operations.get || !/^\/api\/(admin|auth)\//.test(path)) continue;
      const parameters = operations.get.parameters ?? [];
      let url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const choices = parameters.find((p) => p.name === name)?.schema?.enum;
        return choices ? choices[0] : name === 'revisionId' ? String(revision.id) : ids[path];
      });
      const query = parameters.filter((p) => p.in === 'query' && p.required).map((p) => `${p.name}=${sampleOf(p.schema)}`);
      if (query.length) url += `?${query.join('&')}`;
      const res = await as('GET', url);
      answers.push([url, res.statusCode, res.headers['cache-control']]);
    }
    expect(answers.length).toBeGreaterThanOrEqual(24);
    expect(answers.filter(([, status, cache]) => status >= 300 || cache !== 'no-store')).toEqual([]);
  });

  it("on staff's and the person's own privacy answers, the session, sign-in and the queue dashboard's API", async () => {
    const email = 'pax.nostore@example.org';
    await stack.api.inject({ method: 'POST', url: '/api/waitlist', payload: { first_name: 'Pax', email, role: null, referrerCode: null } });
    expect((await stack.api.inject({ method: 'POST', url: '/api/privacy/requests', payload: { email, kind: 'export' } })).statusCode).toBe(202);
    const mail = await eventually(
      async () => stack.resend.delivered.find((m) => [m.body.to].flat()[0] === email && /privacy-request\?token=/.test(m.body.html)),
      Boolean,
    );
    const token = new URL(mail!.body.html.match(/href="([^"]*privacy-request\?token=[^"]+)"/)![1].replace(/&amp;/g, '&')).searchParams.get('token')!;
    const answers = [
      ['POST /api/admin/privacy/export', await as('POST', '/api/admin/privacy/export', { email })],
      ['GET /api/privacy/requests', await stack.api.inject(`/api/privacy/requests?token=${encodeURIComponent(token)}`)],
      ['POST /api/privacy/requests/confirm', await stack.api.inject({ method: 'POST', url: '/api/privacy/requests/confirm', payload: { token } })],
      [
        'POST /api/auth/login',
        await stack.api.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@swishly.test', password: 'wrong-password-1' } }),
      ],
      ['GET /api/auth/session', await as('GET', '/api/auth/session')],
      ['GET /api/admin/waitlist/export', await as('GET', '/api/admin/waitlist/export')],
      ['GET /admin/queues/api/queues', await as('GET', '/admin/queues/api/queues')],
      ['GET /api/waitlist/status', await stack.api.inject('/api/waitlist/status?token=nonsense')],
    ] as const;
    expect(answers.map(([what, res]) => [what, res.headers['cache-control']])).toEqual(answers.map(([what]) => [what, 'no-store']));
    expect(answers.filter(([, res]) => res.statusCode >= 500)).toEqual([]);
  });
});
