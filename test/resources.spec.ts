import { INestApplicationContext } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AuthService } from '@swishly/admin';
import { AppConfig } from '@swishly/platform';
import * as Minio from 'minio';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { createTestDatabase } from './utils/database';
import { bootApi } from './utils/test-app';
import { eventually, testConfig } from './utils/test-config';
import { bootWorker } from './utils/test-worker';
import { executableParts, XSS_PAYLOADS } from './utils/xss-payloads';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- s3rver ships CommonJS without types
const S3rver = require('s3rver');

let ipCounter = 0;
const freshIp = () => `10.14.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;
const PASSWORD = 'Court-Vision-42';
const UPLOAD_MAX_BYTES = 300 * 1024;

interface Browser {
  cookie: string;
  csrf: string;
}
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
function multipart(bytes: Buffer, options: { field?: string; filename?: string; type?: string } = {}) {
  const boundary = `----swishly${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'cropped.jpg'}"\r\nContent-Type: ${options.type ?? 'image/jpeg'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const png = (width = 320, height = 180) =>
  sharp({ create: { width, height, channels: 3, background: '#e8590c' } })
    .png()
    .toBuffer();

describe('Resources: the blog, its editor API, images in storage, scheduled publishing and feeds (real Postgres, Redis, worker)', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let config: AppConfig;
  let api: NestFastifyApplication;
  let worker: INestApplicationContext | undefined;
  let dataSource: DataSource;
  let staff: Browser;
  let uploads: string;

  const as = (browser: Browser | null, method: Method, url: string, payload?: object) =>
    api.inject({ method, url, payload, headers: browser ? { cookie: browser.cookie, 'x-csrf-token': browser.csrf } : {}, remoteAddress: freshIp() });
  const create = async (fields: Record<string, unknown>) => {
    const response = await as(staff, 'POST', '/api/admin/resources', { content: '<p>Body text.</p>', ...fields });
    expect(response.statusCode).toBe(201);
    return response.json();
  };
  const publish = async (id: string, published = true) => {
    const response = await as(staff, 'POST', `/api/admin/resources/${id}/publish`, { published });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const publicList = async (query = '') => {
    const response = await api.inject({ method: 'GET', url: `/api/resources${query}` });
    expect(response.statusCode).toBe(200);
    return response.json().posts as { id: string; slug: string; title: string }[];
  };
  const unique = (word: string) => `${word}${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    db = await createTestDatabase();
    uploads = mkdtempSync(join(tmpdir(), 'swishly-uploads-'));
    config = testConfig(db.url, {
      PUBLIC_URL: 'https://swishly.test',
      UPLOADS_DIR: uploads,
      UPLOAD_MAX_BYTES: String(UPLOAD_MAX_BYTES),
      RESOURCES_SCHEDULE_POLL_MS: '150',
    });
    api = await bootApi(config);
    worker = await bootWorker(config);
    dataSource = api.get(DataSource);
    const email = `staff-${randomBytes(4).toString('hex')}@swishly.test`;
    await api.get(AuthService).createOrResetAdmin(email, PASSWORD, { actorType: 'system' });
    const login = await api.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD }, remoteAddress: freshIp() });
    const jar = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
    staff = {
      cookie: Object.entries(jar)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
      csrf: jar.csrf_token,
    };
  });

  afterAll(async () => {
    await worker?.close();
    await api?.close();
    await db?.drop();
    rmSync(uploads, { recursive: true, force: true });
  });

  describe('the admin API', () => {
    it('answers 401 without a session and 403 on a write without the CSRF token', async () => {
      const id = '00000000-0000-4000-8000-000000000000';
      const routes: [Method, string][] = [
        ['GET', '/api/admin/resources'],
        ['GET', `/api/admin/resources/${id}`],
        ['POST', '/api/admin/resources'],
        ['PUT', `/api/admin/resources/${id}`],
        ['POST', `/api/admin/resources/${id}/publish`],
        ['POST', `/api/admin/resources/${id}/feature`],
        ['DELETE', `/api/admin/resources/${id}`],
        ['POST', '/api/admin/resources/slug'],
        ['POST', '/api/admin/resources/images'],
        ['DELETE', '/api/admin/resources/images'],
      ];
      for (const [method, url] of routes) {
        const response = await as(null, method, url, method === 'GET' ? undefined : { title: 'x', content: '<p>x</p>', published: true, url: '/x' });
        expect({ method, url, status: response.statusCode, code: response.json().code }).toEqual({ method, url, status: 401, code: 'unauthenticated' });
      }
      const noCsrf = await api.inject({
        method: 'POST',
        url: '/api/admin/resources',
        payload: { title: 't', content: '<p>c</p>' },
        headers: { cookie: staff.cookie },
      });
      expect(noCsrf.statusCode).toBe(403);
    });

    it("requires a title and content ('Title and content are required.'), bounded lengths", async () => {
      for (const body of [
        { title: '  ', content: '<p>x</p>' },
        { title: 'A title', content: '' },
        { title: 'A title', content: '<p><br></p>' },
        { content: '<p>x</p>' },
      ]) {
        const response = await as(staff, 'POST', '/api/admin/resources', body);
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toContain('Title and content are required.');
      }
      const long = await as(staff, 'POST', '/api/admin/resources', { title: 'x'.repeat(201), content: '<p>x</p>' });
      expect(long.statusCode).toBe(400);
      const tags = await as(staff, 'POST', '/api/admin/resources', { title: 'Tags', content: '<p>x</p>', tags: ['x'.repeat(51)] });
      expect(tags.statusCode).toBe(400);
    });

    it('creates drafts the public cannot see; publishing sets published_at to now, unpublishing clears it', async () => {
      const post = await create({ title: 'Draft first', excerpt: 'An excerpt', tags: [' form ', 'form', '', 'release'] });
      expect(post).toMatchObject({ slug: 'draft-first', is_published: false, published_at: null, tags: ['form', 'release'], author_name: 'Swishly Team' });
      expect((await publicList()).map((p) => p.id)).not.toContain(post.id);
      expect((await api.inject({ method: 'GET', url: `/api/resources/${post.slug}` })).statusCode).toBe(404);
      expect((await api.inject({ method: 'GET', url: `/api/resources/${post.slug}/related` })).statusCode).toBe(404);

      const before = Date.now();
      const published = await publish(post.id);
      expect(published.is_published).toBe(true);
      expect(new Date(published.published_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(new Date(published.published_at).getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      expect((await api.inject({ method: 'GET', url: `/api/resources/${post.slug}` })).json()).toMatchObject({ id: post.id, is_published: true });
      expect((await publicList()).map((p) => p.id)).toContain(post.id);

      // 'Save Draft' keeps the flag and the date; publishing again changes nothing.
      const saved = await as(staff, 'PUT', `/api/admin/resources/${post.id}`, { title: 'Draft first, edited', content: '<p>New body.</p>', slug: post.slug });
      expect(saved.json()).toMatchObject({ title: 'Draft first, edited', is_published: true, published_at: published.published_at });
      expect((await publish(post.id)).published_at).toBe(published.published_at);

      const unpublished = await publish(post.id, false);
      expect(unpublished).toMatchObject({ is_published: false, published_at: null });
      expect((await publicList()).map((p) => p.id)).not.toContain(post.id);
      expect((await api.inject({ method: 'GET', url: `/api/resources/${post.slug}` })).statusCode).toBe(404);
    });

    it('lists every post for staff by created_at, newest first, and loads one by id', async () => {
      const a = await create({ title: unique('Older') });
      const b = await create({ title: unique('Newer') });
      const list = (await as(staff, 'GET', '/api/admin/resources')).json().posts.map((p: { id: string }) => p.id);
      expect(list.indexOf(b.id)).toBeLessThan(list.indexOf(a.id));
      expect((await as(staff, 'GET', `/api/admin/resources/${a.id}`)).json()).toMatchObject({ id: a.id, is_published: false });
      expect((await as(staff, 'GET', '/api/admin/resources/00000000-0000-4000-8000-000000000001')).statusCode).toBe(404);
      expect((await as(staff, 'GET', '/api/admin/resources/not-a-uuid')).statusCode).toBe(404);
    });

    it('makes slugs from titles and keeps them unique (generate_unique_blog_slug)', async () => {
      const title = `Five Drills: ${unique('Release')}!`;
      const first = await create({ title });
      const second = await create({ title });
      const typed = await create({ title, slug: first.slug });
      expect(second.slug).toBe(`${first.slug}-1`);
      expect(typed.slug).toBe(`${first.slug}-2`);
      const suggestion = await as(staff, 'POST', '/api/admin/resources/slug', { title });
      expect(suggestion.json()).toEqual({ slug: `${first.slug}-3` });
      const taken = await as(staff, 'PUT', `/api/admin/resources/${second.id}`, { title, content: '<p>x</p>', slug: first.slug });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe('slug_taken');

      // Created at the same moment with the same title: still one slug each.
      const together = await Promise.all(Array.from({ length: 5 }, () => create({ title: `Same ${title}` })));
      expect(new Set(together.map((p) => p.slug)).size).toBe(5);
    });

    it('features one post at a time, also under concurrent requests', async () => {
      const posts = await Promise.all(Array.from({ length: 6 }, (_, i) => create({ title: unique(`Featured ${i}`) })));
      const responses = await Promise.all(posts.map((p) => as(staff, 'POST', `/api/admin/resources/${p.id}/feature`, { featured: true })));
      expect(responses.map((r) => r.statusCode)).toEqual(posts.map(() => 200));
      const featured = await dataSource.query('SELECT id FROM blog_posts WHERE is_featured');
      expect(featured).toHaveLength(1);

      const other = posts.find((p) => p.id !== featured[0].id)!;
      await as(staff, 'POST', `/api/admin/resources/${other.id}/feature`, { featured: true });
      expect(await dataSource.query('SELECT id FROM blog_posts WHERE is_featured')).toEqual([{ id: other.id }]);
      const off = await as(staff, 'POST', `/api/admin/resources/${other.id}/feature`, { featured: false });
      expect(off.json().is_featured).toBe(false);
      expect(await dataSource.query('SELECT id FROM blog_posts WHERE is_featured')).toEqual([]);
    });

    it('sanitises HTML on the server before storing it: nothing executable survives', async () => {
      const post = await create({ title: unique('Hostile'), content: `<p>Keep me</p>${XSS_PAYLOADS.join('\n')}` });
      const [row] = await dataSource.query('SELECT content FROM blog_posts WHERE id = $1', [post.id]);
      expect(row.content).toContain('<p>Keep me</p>');
      expect(executableParts(row.content)).toEqual([]);
      expect(post.content).toBe(row.content);
      for (const payload of XSS_PAYLOADS) {
        const one = await as(staff, 'PUT', `/api/admin/resources/${post.id}`, { title: post.title, content: `<p>x</p>${payload}` });
        expect(one.statusCode).toBe(200);
        expect({ payload, found: executableParts(one.json().content) }).toEqual({ payload, found: [] });
      }
    });
  });

  describe('the public list', () => {
    let tag: string;
    let posts: { id: string; slug: string }[];

    beforeAll(async () => {
      tag = unique('tag');
      const specs = [
        { title: 'Elbow alignment for shooters', excerpt: 'Keep it under the ball', content: '<p>Shooting starts at the set point.</p>', tags: [tag, 'form'] },
        { title: 'Release speed', excerpt: null, content: '<p>Your ELBOW and wrist snap together.</p>', tags: [tag] },
        { title: 'Footwork basics', excerpt: 'Balance first', content: '<p>Feet shoulder-width apart.</p>', tags: ['footwork'] },
        { title: 'Arc drills', excerpt: 'Higher arc', content: '<p>Aim for 45 degrees.</p>', tags: [tag, 'arc'] },
        { title: 'Draft about elbows', excerpt: null, content: '<p>Elbow elbow elbow.</p>', tags: [tag] },
      ];
      posts = [];
      for (const [i, spec] of specs.entries()) {
        const post = await create({ ...spec, title: `${spec.title} ${tag}` });
        if (i < 4) await publish(post.id);
        posts.push(post);
      }
    });

    it('shows published posts only, newest published_at first', async () => {
      const list = await publicList(`?tag=${tag}`);
      expect(list.map((p) => p.id)).toEqual([posts[3].id, posts[1].id, posts[0].id]);
    });

    it('lists posts without their bodies (the article has it); so do related posts and the staff list', async () => {
      const [first] = await publicList(`?tag=${tag}`);
      expect(first).toMatchObject({ id: posts[3].id, title: expect.any(String), excerpt: 'Higher arc', read_time_minutes: 1 });
      expect(first).not.toHaveProperty('content');
      const { content, ...article } = (await api.inject({ method: 'GET', url: `/api/resources/${first.slug}` })).json();
      expect(content).toContain('45 degrees');
      expect(first).toEqual(article); // the same fields, timestamps written alike
      const related = (await api.inject({ method: 'GET', url: `/api/resources/${posts[0].slug}/related` })).json().posts;
      expect(related.length).toBeGreaterThan(0);
      for (const post of related) expect(post).not.toHaveProperty('content');
      const staffList = (await as(staff, 'GET', '/api/admin/resources')).json().posts;
      expect(staffList.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining(posts.map((p) => p.id)));
      for (const post of staffList) expect(post).not.toHaveProperty('content');
    });

    it('searches title, excerpt and content, ignoring case, by word stems and by any substring', async () => {
      const ids = async (search: string) => (await publicList(`?tag=${tag}&search=${encodeURIComponent(search)}`)).map((p) => p.id).sort();
      expect(await ids('elbow')).toEqual([posts[0].id, posts[1].id].sort()); // title and content, any case; not the draft
      expect(await ids('ELBO')).toEqual([posts[0].id, posts[1].id].sort()); // a substring
      expect(await ids('shoots')).toEqual([posts[0].id]); // 'shooters' / 'Shooting', stemmed
      expect(await ids('higher arc')).toEqual([posts[3].id]); // excerpt
      expect(await ids('45 degrees')).toEqual([posts[3].id]);
      expect(await ids('100%_\\')).toEqual([]); // LIKE wildcards taken literally
      expect(await ids('nothing-like-this')).toEqual([]);
      expect((await publicList(`?search=${encodeURIComponent('Footwork basics ' + tag)}`)).map((p) => p.id)).toEqual([posts[2].id]);
    });

    it('finds substrings beyond the newest posts it tests first, and pages through them in order', async () => {
      // 300 posts straight into the read model (the query under test only reads it): the newest 270
      // contain 'common', the oldest 30 'qzxrare'; a substring search first tests the newest 250 in
      // order and only then asks the trigram index.
      const bulk = unique('bulk').toLowerCase();
      await dataSource.query(
        `INSERT INTO blog_posts (id, slug, title, content, content_text, tags, author_name, is_published, published_at, read_time_minutes, created_at, updated_at)
         SELECT gen_random_uuid(), $1 || '-' || i, 'Bulk ' || i, '<p>x</p>', CASE WHEN i <= 270 THEN 'a common word' ELSE 'a qzxrare word' END,
                ARRAY[$1], 'Swishly Team', true, now() - make_interval(secs => i), 1, now(), now()
         FROM generate_series(1, 300) AS i`,
        [bulk],
      );
      const titles = async (query: string) => (await publicList(`?tag=${bulk}&${query}`)).map((p) => p.title);
      const bulkTitles = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => `Bulk ${from + k}`);
      expect(await titles('search=QZXRAR&limit=50')).toEqual(bulkTitles(271, 300)); // none among the newest 250
      expect(await titles('search=ommo&limit=20&offset=100')).toEqual(bulkTitles(101, 120)); // the walk fills the page
      expect(await titles('search=ommo&limit=50&offset=240')).toEqual(bulkTitles(241, 270)); // more than the walk holds
      expect(await titles('search=word&limit=10&offset=290')).toEqual(bulkTitles(291, 300)); // by words, past the walk
    });

    it('still finds a substring past the walk when the word matches fill the page', async () => {
      // 'xyzzy' is a word in posts 10, 20 and 256-300, and only part of a word in 251-255: the words
      // fill a page of 10 by post 263, and the substrings between the walk and that post belong on it.
      const bulk = unique('bound').toLowerCase();
      await dataSource.query(
        `INSERT INTO blog_posts (id, slug, title, content, content_text, tags, author_name, is_published, published_at, read_time_minutes, created_at, updated_at)
         SELECT gen_random_uuid(), $1 || '-' || i, 'Bound ' || i, '<p>x</p>',
                CASE WHEN i IN (10, 20) OR i > 255 THEN 'an xyzzy word' WHEN i > 250 THEN 'a prexyzzyed word' ELSE 'a plain word' END,
                ARRAY[$1], 'Swishly Team', true, now() - make_interval(secs => i), 1, now(), now()
         FROM generate_series(1, 300) AS i`,
        [bulk],
      );
      const titles = async (query: string) => (await publicList(`?tag=${bulk}&${query}`)).map((p) => p.title);
      const expected = [10, 20, 251, 252, 253, 254, 255, 256, 257, 258].map((i) => `Bound ${i}`);
      expect(await titles('search=xyzzy&limit=10')).toEqual(expected);
      expect(await titles('search=XYZZY&limit=5&offset=5')).toEqual(expected.slice(5));
    });

    it('pages through every published post with a cursor; the featured post and the tags come from all of them', async () => {
      // 120 posts straight into the read model, newest first; the oldest is flagged featured and has a tag of its own.
      const bulk = unique('keyset').toLowerCase();
      const oldest = unique('oldest').toLowerCase();
      await dataSource.query(
        `INSERT INTO blog_posts (id, slug, title, content, content_text, tags, author_name, is_published, is_featured, published_at, read_time_minutes, created_at, updated_at)
         SELECT gen_random_uuid(), $1 || '-' || i, 'Keyset ' || i, '<p>x</p>', 'a common word',
                CASE WHEN i = 120 THEN ARRAY[$1, $2] ELSE ARRAY[$1] END, 'Swishly Team', true, i = 120, now() - make_interval(secs => i), 1, now(), now()
         FROM generate_series(1, 120) AS i`,
        [bulk, oldest],
      );
      // A post saved through the API: the published-posts cache forgets what it held.
      await publish((await create({ title: unique('Cache') })).id);
      const page = async (query: string) => {
        const response = await api.inject({ method: 'GET', url: `/api/resources?${query}` });
        expect(response.statusCode).toBe(200);
        const body = response.json();
        return { ...body, titles: body.posts.map((p: { title: string }) => p.title) as string[] };
      };
      const keyset = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => `Keyset ${from + k}`);
      const walk = async (filters: string) => {
        const seen: string[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const next = await page(`${filters}${cursor ? `&after=${encodeURIComponent(cursor)}` : ''}`);
          seen.push(...next.titles);
          cursor = next.next_cursor;
          pages += 1;
        } while (cursor && pages < 10);
        return { seen, pages };
      };
      expect(await walk(`tag=${bulk}`)).toEqual({ seen: keyset(1, 120), pages: 3 });
      expect(await walk(`tag=${bulk}&search=common&limit=50`)).toEqual({ seen: keyset(1, 120), pages: 3 }); // the search's own path
      expect(await walk(`tag=${bulk}&limit=40`)).toEqual({ seen: keyset(1, 120), pages: 3 }); // the last page full: no empty fourth

      const first = await page(`tag=${bulk}`);
      expect(first.titles).toEqual(keyset(1, 50));
      expect(first.featured).toMatchObject({ title: 'Keyset 120', is_featured: true }); // flagged, though on the last page
      const everything = await page('');
      expect(everything.tags).toEqual(expect.arrayContaining([bulk, oldest])); // the oldest post's tag, far past the first page
      expect(everything.posts).toHaveLength(50);

      // The post a cursor points at is gone by the time the next page is asked for: the page still follows it.
      await dataSource.query('DELETE FROM blog_posts WHERE slug = $1', [`${bulk}-50`]);
      expect((await page(`tag=${bulk}&after=${encodeURIComponent(first.next_cursor)}`)).titles).toEqual(keyset(51, 100));

      for (const bad of ['nonsense', Buffer.from('{"id":"x","at":"y"}').toString('base64url')]) {
        const refused = await api.inject({ method: 'GET', url: `/api/resources?after=${bad}` });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({ code: 'invalid_cursor' });
      }
    });

    it('filters by an exact tag, pages with limit and offset, and refuses bad queries', async () => {
      expect((await publicList('?tag=footwork')).map((p) => p.id)).toContain(posts[2].id);
      expect((await publicList(`?tag=${tag.toUpperCase()}`)).length).toBe(0);
      expect((await publicList(`?tag=${tag}&limit=2`)).map((p) => p.id)).toEqual([posts[3].id, posts[1].id]);
      expect((await publicList(`?tag=${tag}&limit=2&offset=2`)).map((p) => p.id)).toEqual([posts[0].id]);
      expect((await api.inject({ method: 'GET', url: '/api/resources?limit=1000' })).statusCode).toBe(400);
      expect((await api.inject({ method: 'GET', url: `/api/resources?search=${'x'.repeat(201)}` })).statusCode).toBe(400);
    });

    it('gives up to 3 related published posts sharing a tag, newest first, never the post itself or a draft', async () => {
      const extra = await create({ title: unique('Extra'), tags: [tag] });
      await publish(extra.id);
      const related = (await api.inject({ method: 'GET', url: `/api/resources/${posts[0].slug}/related` })).json().posts.map((p: { id: string }) => p.id);
      expect(related).toEqual([extra.id, posts[3].id, posts[1].id]);
      const none = (await api.inject({ method: 'GET', url: `/api/resources/${posts[2].slug}/related` })).json().posts;
      expect(none.map((p: { tags: string[] }) => p.tags.includes('footwork'))).not.toContain(false);
      expect(none.map((p: { id: string }) => p.id)).not.toContain(posts[2].id);
    });

    it('computes read time as words / 200, rounded up', async () => {
      const post = await create({ title: unique('Long read'), content: `<p>${'word '.repeat(401)}</p>` });
      expect(post.read_time_minutes).toBe(3);
    });
  });

  describe('revisions and preview links', () => {
    const get = async (url: string, browser: Browser | null = staff) => {
      const response = await as(browser, 'GET', url);
      return { status: response.statusCode, body: response.json(), headers: response.headers };
    };
    const revisionsOf = async (id: string) => (await get(`/api/admin/resources/${id}/revisions`)).body;
    const staffEmail = async () => (await get('/api/auth/session')).body.user.email as string;

    it("lists a draft's revisions newest first (who, when, what changed), shows any, and restores one as a new save", async () => {
      const post = await create({ title: unique('Elbow first'), excerpt: 'Line it up.', content: '<p>Elbow under the ball.</p>' });
      const renamed = `${post.title} renamed`;
      expect(
        (await as(staff, 'PUT', `/api/admin/resources/${post.id}`, { title: renamed, excerpt: 'Line it up.', content: '<p>Elbow under the ball.</p>' }))
          .statusCode,
      ).toBe(200);
      expect(
        (await as(staff, 'PUT', `/api/admin/resources/${post.id}`, { title: renamed, excerpt: 'Stack it.', content: '<p>Wrist, elbow, shoulder.</p>' }))
          .statusCode,
      ).toBe(200);

      const history = await revisionsOf(post.id);
      expect(history.total).toBe(3);
      const email = await staffEmail();
      expect(history.revisions).toEqual([
        expect.objectContaining({ number: 3, kind: 'saved', status: 'current', changed: ['excerpt', 'content'], saved_by: email, restored_from: null }),
        expect.objectContaining({ number: 2, kind: 'saved', status: 'earlier', changed: ['title'], saved_by: email }),
        expect.objectContaining({ number: 1, kind: 'created', status: 'earlier', saved_by: email }),
      ]);
      expect(Date.parse(history.revisions[0].saved_at)).toBeGreaterThanOrEqual(Date.parse(history.revisions[2].saved_at));

      const first = await get(`/api/admin/resources/${post.id}/revisions/${history.revisions[2].id}`);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        number: 1,
        previous: null,
        text: { title: post.title, excerpt: 'Line it up.', content: '<p>Elbow under the ball.</p>' },
      });
      const third = await get(`/api/admin/resources/${post.id}/revisions/${history.revisions[0].id}`);
      expect(third.body).toMatchObject({ text: { excerpt: 'Stack it.' }, previous: { title: renamed, excerpt: 'Line it up.' } });

      // Restoring the first revision: a new save (revision 4), history untouched, the address kept.
      const restored = await as(staff, 'POST', `/api/admin/resources/${post.id}/revisions/${history.revisions[2].id}/restore`);
      expect(restored.statusCode).toBe(200);
      expect(restored.json()).toMatchObject({
        title: post.title,
        excerpt: 'Line it up.',
        content: '<p>Elbow under the ball.</p>',
        slug: post.slug,
        pending_revision: null,
      });
      const after = await revisionsOf(post.id);
      expect(after.total).toBe(4);
      expect(after.revisions[0]).toMatchObject({ number: 4, kind: 'restored', restored_from: 1, status: 'current', changed: ['title', 'excerpt', 'content'] });
      expect(after.revisions.slice(1).map((revision: { id: string }) => revision.id)).toEqual(history.revisions.map((revision: { id: string }) => revision.id));

      expect((await get(`/api/admin/resources/${post.id}/revisions/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
      expect((await as(staff, 'POST', `/api/admin/resources/${post.id}/revisions/00000000-0000-4000-8000-000000000000/restore`)).statusCode).toBe(404);
      expect((await get(`/api/admin/resources/${post.id}/revisions`, null)).status).toBe(401);
    });

    it('shows the last 50 revisions of a post with more, and counts them all', async () => {
      const post = await create({ title: unique('Many saves') });
      for (let save = 1; save <= 55; save++) {
        expect((await as(staff, 'PUT', `/api/admin/resources/${post.id}`, { title: post.title, content: `<p>Save ${save}.</p>` })).statusCode).toBe(200);
      }
      const history = await revisionsOf(post.id);
      expect(history.total).toBe(56);
      expect(history.revisions.map((revision: { number: number }) => revision.number)).toEqual(Array.from({ length: 50 }, (_, index) => 56 - index));
    });

    it("keeps a published post's changes as an unpublished revision until an update puts them live", async () => {
      const post = await create({ title: unique('Live post'), content: '<p>Published words.</p>' });
      await publish(post.id);
      const draftOnly = await create({ title: unique('Not live') });
      const refused = await as(staff, 'POST', `/api/admin/resources/${draftOnly.id}/revisions`, { title: draftOnly.title, content: '<p>x</p>' });
      expect({ status: refused.statusCode, code: refused.json().code }).toEqual({ status: 409, code: 'not_published' });

      const kept = await as(staff, 'POST', `/api/admin/resources/${post.id}/revisions`, { title: `${post.title} v2`, content: '<p>Better words.</p>' });
      expect(kept.statusCode).toBe(200);
      expect(kept.json()).toMatchObject({
        title: post.title,
        is_published: true,
        pending_revision: {
          kind: 'revision',
          status: 'unpublished',
          changed: ['title', 'content'],
          text: { title: `${post.title} v2`, content: '<p>Better words.</p>' },
        },
      });
      // Readers still see the published version; the editor opens on the revision.
      expect((await api.inject({ method: 'GET', url: `/api/resources/${post.slug}` })).json()).toMatchObject({
        title: post.title,
        content: '<p>Published words.</p>',
      });
      expect((await get(`/api/admin/resources/${post.id}`)).body.pending_revision).toMatchObject({ text: { title: `${post.title} v2` } });
      // The same revision again changes nothing.
      await as(staff, 'POST', `/api/admin/resources/${post.id}/revisions`, { title: `${post.title} v2`, content: '<p>Better words.</p>' });
      expect((await revisionsOf(post.id)).total).toBe(2);

      // 'Update' puts it live and the revision waits no more.
      const updated = await as(staff, 'PUT', `/api/admin/resources/${post.id}`, { title: `${post.title} v2`, content: '<p>Better words.</p>' });
      expect(updated.statusCode).toBe(200);
      expect((await api.inject({ method: 'GET', url: `/api/resources/${post.slug}` })).json()).toMatchObject({
        title: `${post.title} v2`,
        content: '<p>Better words.</p>',
      });
      expect((await get(`/api/admin/resources/${post.id}`)).body.pending_revision).toBeNull();

      // A revision discarded: gone from the editor, kept in the history; an update that changes nothing drops one too.
      await as(staff, 'POST', `/api/admin/resources/${post.id}/revisions`, { title: `${post.title} v3`, content: '<p>Better words.</p>' });
      const discarded = await as(staff, 'DELETE', `/api/admin/resources/${post.id}/revisions/unpublished`);
      expect(discarded.statusCode).toBe(200);
      expect(discarded.json().pending_revision).toBeNull();
      expect((await revisionsOf(post.id)).revisions[0]).toMatchObject({ kind: 'revision', status: 'earlier' });
      await as(staff, 'POST', `/api/admin/resources/${post.id}/revisions`, { title: `${post.title} v4`, content: '<p>Better words.</p>' });
      await as(staff, 'PUT', `/api/admin/resources/${post.id}`, { title: `${post.title} v2`, content: '<p>Better words.</p>' });
      expect((await get(`/api/admin/resources/${post.id}`)).body.pending_revision).toBeNull();

      // Restoring on a published post makes the unpublished revision, not a live change.
      const history = await revisionsOf(post.id);
      const created = history.revisions.at(-1);
      const restored = await as(staff, 'POST', `/api/admin/resources/${post.id}/revisions/${created.id}/restore`);
      expect(restored.json()).toMatchObject({
        title: `${post.title} v2`,
        pending_revision: { kind: 'restored', restored_from: 1, text: { title: post.title, content: '<p>Published words.</p>' } },
      });
      expect((await api.inject({ method: 'GET', url: `/api/resources/${post.slug}` })).json().title).toBe(`${post.title} v2`);
    });

    it('gives a draft a preview link readers can open signed out, noindex and in no feed, until it is published or deleted', async () => {
      const post = await create({ title: unique('Preview me'), content: '<p>Not out yet.</p>' });
      const link = await as(staff, 'POST', `/api/admin/resources/${post.id}/preview-link`);
      expect(link.statusCode).toBe(200);
      const { preview_id: previewId, url } = link.json();
      expect(url).toBe(`https://swishly.test/p/${previewId}`);
      expect(previewId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(previewId).not.toBe(post.id);
      expect((await as(staff, 'POST', `/api/admin/resources/${post.id}/preview-link`)).json().preview_id).toBe(previewId);
      expect((await get(`/api/admin/resources/${post.id}`)).body.preview_id).toBe(previewId);

      const signedOut = await get(`/api/resource-previews/${previewId}`, null);
      expect(signedOut.status).toBe(200);
      expect(signedOut.body).toMatchObject({ title: post.title, content: '<p>Not out yet.</p>', is_published: false });
      expect(signedOut.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(signedOut.headers['cache-control']).toBe('no-store');
      const page = await api.inject({ method: 'GET', url: `/p/${previewId}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
      expect((await api.inject({ method: 'GET', url: '/sitemap.xml' })).body).not.toContain(previewId);
      expect((await api.inject({ method: 'GET', url: '/rss.xml' })).body).not.toContain(previewId);
      expect((await publicList()).map((listed) => listed.id)).not.toContain(post.id);

      for (const unknown of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', post.id]) {
        expect((await get(`/api/resource-previews/${unknown}`, null)).status).toBe(404);
      }

      await publish(post.id);
      expect((await get(`/api/resource-previews/${previewId}`, null)).status).toBe(404);
      const published = await as(staff, 'POST', `/api/admin/resources/${post.id}/preview-link`);
      expect({ status: published.statusCode, code: published.json().code }).toEqual({ status: 409, code: 'already_published' });

      const other = await create({ title: unique('Preview then delete') });
      const otherId = (await as(staff, 'POST', `/api/admin/resources/${other.id}/preview-link`)).json().preview_id;
      expect((await get(`/api/resource-previews/${otherId}`, null)).status).toBe(200);
      expect((await as(staff, 'DELETE', `/api/admin/resources/${other.id}`)).statusCode).toBe(204);
      expect((await get(`/api/resource-previews/${otherId}`, null)).status).toBe(404);
    });
  });

  describe('images', () => {
    const upload = (body: ReturnType<typeof multipart>, browser: Browser | null = staff) =>
      api.inject({
        method: 'POST',
        url: '/api/admin/resources/images',
        ...body,
        headers: { ...body.headers, ...(browser ? { cookie: browser.cookie, 'x-csrf-token': browser.csrf } : {}) },
      });

    it('stores a real image re-encoded as JPEG at resources/{timestamp}-cropped.jpg on the local disk, served with long cache headers', async () => {
      const response = await upload(multipart(await png(), { filename: 'photo.png', type: 'image/png' }));
      expect(response.statusCode).toBe(201);
      const { url } = response.json();
      expect(url).toMatch(/^\/uploads\/resources\/\d{13,}-cropped\.jpg$/);
      expect(existsSync(join(uploads, url.slice('/uploads/'.length)))).toBe(true);
      const served = await api.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');

      const deleted = await as(staff, 'DELETE', '/api/admin/resources/images', { url });
      expect(deleted.statusCode).toBe(204);
      expect((await api.inject({ method: 'GET', url })).statusCode).toBe(404);
      expect((await as(staff, 'DELETE', '/api/admin/resources/images', { url: 'https://elsewhere.example/a.jpg' })).statusCode).toBe(204);
    });

    it('refuses what is not an image (by content, whatever its name), an SVG with a script, and anything oversize (413)', async () => {
      const text = await upload(multipart(Buffer.from('just some text, not a picture'), { filename: 'x.jpg', type: 'image/jpeg' }));
      expect(text.statusCode).toBe(400);
      const html = await upload(multipart(Buffer.from('<html><script>alert(1)</script></html>'), { filename: 'x.png', type: 'image/png' }));
      expect(html.statusCode).toBe(400);
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
      const svgResponse = await upload(multipart(svg, { filename: 'x.svg', type: 'image/svg+xml' }));
      expect(svgResponse.statusCode).toBe(400);
      const big = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
        .png()
        .toBuffer();
      expect(big.length).toBeGreaterThan(UPLOAD_MAX_BYTES);
      const oversize = await upload(multipart(big, { filename: 'big.png', type: 'image/png' }));
      expect(oversize.statusCode).toBe(413);
      expect(oversize.json().code).toBe('payload_too_large');
      const wrongField = await upload(multipart(await png(), { field: 'image' }));
      expect(wrongField.statusCode).toBe(400);
      const json = await as(staff, 'POST', '/api/admin/resources/images', { file: 'x' });
      expect(json.statusCode).toBe(400);
      expect((await upload(multipart(await png()), null)).statusCode).toBe(401);
      expect(await dataSource.query(`SELECT 1`)).toHaveLength(1);
    });

    it('deleting a post removes its uploaded image', async () => {
      const { url } = (await upload(multipart(await png()))).json();
      const post = await create({ title: unique('With image'), featured_image_url: url, featured_image_alt: 'A shooter' });
      expect(post).toMatchObject({ featured_image_url: url, featured_image_alt: 'A shooter' });
      expect((await as(staff, 'DELETE', `/api/admin/resources/${post.id}`)).statusCode).toBe(204);
      expect((await as(staff, 'GET', `/api/admin/resources/${post.id}`)).statusCode).toBe(404);
      expect(existsSync(join(uploads, url.slice('/uploads/'.length)))).toBe(false);
      expect((await as(staff, 'DELETE', `/api/admin/resources/${post.id}`)).statusCode).toBe(404);
    });

    it('stores in an S3-compatible bucket through the minio client when S3_* are set (s3rver on loopback)', async () => {
      const directory = mkdtempSync(join(tmpdir(), 'swishly-s3rver-'));
      const s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
      const { port } = await s3.run();
      const s3Config = testConfig(db.url, {
        PUBLIC_URL: 'https://swishly.test',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_BUCKET: 'assets',
        S3_ACCESS_KEY: 'S3RVER',
        S3_SECRET_KEY: 'S3RVER',
      });
      const s3Api = await bootApi(s3Config);
      try {
        const body = multipart(await png(640, 360));
        const response = await s3Api.inject({
          method: 'POST',
          url: '/api/admin/resources/images',
          ...body,
          headers: { ...body.headers, cookie: staff.cookie, 'x-csrf-token': staff.csrf },
        });
        expect(response.statusCode).toBe(201);
        const { url } = response.json();
        expect(url).toMatch(/^\/uploads\/resources\/\d+-cropped\.jpg$/);
        const key = url.slice('/uploads/'.length);
        const client = new Minio.Client({ endPoint: '127.0.0.1', port, useSSL: false, accessKey: 'S3RVER', secretKey: 'S3RVER', pathStyle: true });
        const stat = await client.statObject('assets', key);
        expect(stat.metaData['content-type']).toBe('image/jpeg');
        expect(stat.size).toBeGreaterThan(100);
        expect(existsSync(join(uploads, key))).toBe(false); // not on the local disk

        const served = await s3Api.inject({ method: 'GET', url });
        expect(served.statusCode).toBe(200);
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect((await sharp(served.rawPayload).metadata()).width).toBe(640);

        const deleted = await s3Api.inject({
          method: 'DELETE',
          url: '/api/admin/resources/images',
          payload: { url },
          headers: { cookie: staff.cookie, 'x-csrf-token': staff.csrf },
        });
        expect(deleted.statusCode).toBe(204);
        await expect(client.statObject('assets', key)).rejects.toMatchObject({ code: 'NotFound' });
        expect((await s3Api.inject({ method: 'GET', url })).statusCode).toBe(404);
      } finally {
        await s3Api.close();
        await s3.close();
        rmSync(directory, { recursive: true, force: true });
      }
    });
  });

  describe('scheduled publishing (the worker)', () => {
    it('publishes a post when its time comes, and after a worker restart posts that fell due while it was down', async () => {
      const at = new Date(Date.now() + 1500).toISOString();
      const post = await create({ title: unique('Scheduled'), scheduled_publish_at: at });
      expect(post).toMatchObject({ is_published: false, scheduled_publish_at: at });
      expect((await publicList()).map((p) => p.id)).not.toContain(post.id);
      const published = await eventually(
        async () => (await as(staff, 'GET', `/api/admin/resources/${post.id}`)).json(),
        (p) => p.is_published,
        10_000,
      );
      expect(new Date(published.published_at).getTime()).toBeGreaterThanOrEqual(new Date(at).getTime());
      expect(published.scheduled_publish_at).toBeNull();
      // The worker published it: the API's kept answers are forgotten when its notice arrives through Redis.
      await eventually(publicList, (posts) => posts.some((p) => p.id === post.id), 2000);

      await worker!.close();
      worker = undefined;
      const missed = await create({ title: unique('Missed'), scheduled_publish_at: new Date(Date.now() + 300).toISOString() });
      const cancelled = await create({ title: unique('Cancelled'), scheduled_publish_at: new Date(Date.now() + 300).toISOString() });
      await as(staff, 'PUT', `/api/admin/resources/${cancelled.id}`, { title: cancelled.title, content: '<p>x</p>', scheduled_publish_at: null });
      await new Promise((r) => setTimeout(r, 600));
      expect((await as(staff, 'GET', `/api/admin/resources/${missed.id}`)).json().is_published).toBe(false);
      worker = await bootWorker(config);
      await eventually(
        async () => (await as(staff, 'GET', `/api/admin/resources/${missed.id}`)).json(),
        (p) => p.is_published,
        10_000,
      );
      await new Promise((r) => setTimeout(r, 400));
      expect((await as(staff, 'GET', `/api/admin/resources/${cancelled.id}`)).json()).toMatchObject({ is_published: false, scheduled_publish_at: null });
    });
  });

  describe('feeds and what crawlers read', () => {
    let published: { slug: string; title: string };
    let draft: { slug: string };

    beforeAll(async () => {
      const image = multipart(await png());
      const { url } = (
        await api.inject({
          method: 'POST',
          url: '/api/admin/resources/images',
          ...image,
          headers: { ...image.headers, cookie: staff.cookie, 'x-csrf-token': staff.csrf },
        })
      ).json();
      published = await create({
        title: `Fix your "arc" & <release> ${unique('')}`,
        excerpt: 'Three drills for a higher arc.',
        content: '<p>Body with <strong>bold</strong> & more.</p>',
        tags: ['arc', 'drills'],
        featured_image_url: url,
        featured_image_alt: 'A high-arc shot',
        meta_title: 'Higher arc in three drills',
        meta_description: 'The drills our coach uses for a higher arc.',
        author_name: 'Coach Kim',
      });
      await publish((published as unknown as { id: string }).id);
      draft = await create({ title: unique('Secret draft') });
    });

    it('/rss.xml lists the latest published posts with their links, dates, tags and bodies', async () => {
      const response = await api.inject({ method: 'GET', url: '/rss.xml' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
      const xml = response.body;
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
      expect(xml).toContain(`<link>https://swishly.test/resources/${published.slug}</link>`);
      expect(xml).toContain(`<title>${published.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')}</title>`);
      expect(xml).toContain('<category>arc</category>');
      expect(xml).toContain('<dc:creator>Coach Kim</dc:creator>');
      expect(xml).toContain('&lt;strong&gt;bold&lt;/strong&gt; &amp;amp; more.');
      expect(xml).toMatch(/<pubDate>\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT<\/pubDate>/);
      expect(xml).not.toContain(draft.slug);
      expect(xml).not.toMatch(/<[^>]*<|&(?!(amp|lt|gt|quot|apos);)/); // well-formed escapes
    });

    it('sitemap.xml lists published articles beside the pages, never drafts', async () => {
      const xml = (await api.inject({ method: 'GET', url: '/sitemap.xml' })).body;
      expect(xml).toContain('<loc>https://swishly.test/resources</loc>');
      expect(xml).toMatch(new RegExp(`<url><loc>https://swishly.test/resources/${published.slug}</loc><lastmod>[0-9T:.Z-]+</lastmod></url>`));
      expect(xml).not.toContain(draft.slug);
    });

    it("serves each article's HTML with its own title, description, canonical, Open Graph, Twitter and Article data", async () => {
      const response = await api.inject({ method: 'GET', url: `/resources/${published.slug}` });
      expect(response.statusCode).toBe(200);
      const html = response.body;
      const canonical = `https://swishly.test/resources/${published.slug}`;
      expect(html).toContain('<title>Higher arc in three drills – Swishly</title>');
      expect(html).toContain('<meta name="description" content="The drills our coach uses for a higher arc.">');
      expect(html).toContain(`<link rel="canonical" href="${canonical}">`);
      expect(html).toContain('<meta property="og:type" content="article">');
      expect(html).toContain(`<meta property="og:url" content="${canonical}">`);
      expect(html).toMatch(/<meta property="og:image" content="https:\/\/swishly\.test\/uploads\/resources\/\d+-cropped\.jpg">/);
      expect(html).toContain('<meta property="og:image:alt" content="A high-arc shot">');
      expect(html).toMatch(/<meta name="twitter:image" content="https:\/\/swishly\.test\/uploads\/resources\/\d+-cropped\.jpg">/);
      expect(html).toContain('<meta property="article:tag" content="arc">');
      expect(html).toContain('<meta property="article:author" content="Coach Kim">');
      const ld = JSON.parse(html.match(/<script type="application\/ld\+json">([^]*?)<\/script>/)![1]);
      expect(ld).toMatchObject({ '@type': 'Article', author: { name: 'Coach Kim' }, mainEntityOfPage: { '@id': canonical } });
      expect(ld.headline).toBe(published.title);

      const missing = await api.inject({ method: 'GET', url: `/resources/${draft.slug}` });
      expect(missing.statusCode).toBe(404); // a draft is not found (the app shows 'Resource Not Found')
      expect(missing.body).toContain('<meta name="robots" content="noindex, nofollow">');
      expect(missing.body).not.toContain('Secret draft');
    });

    it('escapes what staff typed in the head', async () => {
      const html = (await api.inject({ method: 'GET', url: `/resources/${published.slug}` })).body;
      expect(html).not.toContain('<release>');
    });
  });
});
