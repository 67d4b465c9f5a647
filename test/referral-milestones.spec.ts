import { ConsumerContext, ConsumerHost, DomainEvent, MailSuppressions, ReplayService, toDomainEvent } from '@swishly/platform';
import { ReferralCredited, WaitlistService } from '@swishly/waitlist';
import type { Job } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { AwardReferralMilestonesJob } from '../libs/admin/src/referral-milestones/jobs/award-referral-milestones.job';
import { CatchUpReferralMilestonesJob } from '../libs/admin/src/referral-milestones/jobs/catch-up-referral-milestones.job';
import {
  AwardReferralMilestones,
  CatchUpReferralMilestones,
  ReferralMilestonesCatchUpQueued,
} from '../libs/admin/src/referral-milestones/referral-milestones.events';
import { signInStaff } from './utils/test-app';
import { eventually } from './utils/test-config';
import { startStack, TestStack } from './utils/test-stack';

// Referral milestones: a member who brings friends who confirm gets what staff set at each
// number of friends (a thank-you email, or their own early-access code), once per member and
// milestone whatever happens after: a redelivered job, a worker killed mid-job, a replay of the
// log, a friend erased. Members who passed a milestone before it existed get it when staff ask
// (the catch-up), once. The status page shows the way to the next one; an erasure takes the awards.
describe('referral milestones', () => {
  let stack: TestStack;
  let staff: Record<string, string>;
  let ip = 0;

  const MILESTONES = [
    { referrals: 2, reward: 'early_access', subject: 'Two friends in: your early access', html: '<p>Thank you {{first_name}}!</p>' },
    { referrals: 1, reward: 'email', subject: 'Your first friend joined', html: '<p>Nice one, {{first_name}}. Share {{referral_link}} again.</p>' },
  ];
  const put = (milestones: unknown, headers: Record<string, string> = staff) =>
    stack.api.inject({ method: 'PUT', url: '/api/admin/referral-milestones', payload: { milestones }, headers });
  const saved = async () => (await stack.api.inject({ url: '/api/admin/referral-milestones', headers: staff })).json();
  const catchUp = () => stack.api.inject({ method: 'POST', url: '/api/admin/referral-milestones/catch-up', headers: staff });
  const links = () => stack.api.get(WaitlistService).links;
  const join = async (firstName: string, email: string, referrerCode: string | null = null) => {
    const joined = await stack.api.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { first_name: firstName, email, role: null, referrerCode },
      remoteAddress: `10.61.${++ip}.1`,
    });
    expect(joined.statusCode).toBe(201);
    return { id: joined.json().id as string, referralCode: joined.json().referralCode as string, email };
  };
  const confirm = async (member: { id: string }) => {
    const confirmed = await stack.api.inject({
      method: 'POST',
      url: '/api/waitlist/confirm',
      payload: { token: links().confirmToken(member.id) },
      remoteAddress: `10.62.${++ip}.1`,
    });
    expect(confirmed.statusCode).toBe(200);
  };
  const status = async (member: { id: string }) => (await stack.api.inject(`/api/waitlist/status?token=${links().statusToken(member.id)}`)).json();
  const awards = (entryId: string) =>
    stack.dataSource.query('SELECT referrals, reward FROM referral_milestone_awards WHERE entry_id = $1 ORDER BY referrals', [entryId]);
  const milestoneMail = (email: string) =>
    stack.dataSource.query(`SELECT subject, status FROM mail_log WHERE template = 'referral-milestone' AND to_address = $1 ORDER BY subject`, [email]);
  const atProvider = (email: string) =>
    stack.resend
      .deliveredTo(email)
      .map((m) => m.body.subject)
      .filter((subject) => MILESTONES.some((m) => m.subject === subject))
      .sort();
  /** Until this referrer has `credits` referral credits and the award consumer has handled each (then nothing more is on its way). */
  const creditsHandled = (referrerId: string, credits: number) =>
    eventually(
      () =>
        stack.dataSource.query(
          `SELECT count(*)::int AS credits, count(p.event_id)::int AS handled FROM domain_events e
           LEFT JOIN processed_events p ON p.event_id = e.id AND p.consumer = $3
           WHERE e.type = $1 AND e.stream_id = $2`,
          [ReferralCredited.type, referrerId, AwardReferralMilestones.name],
        ),
      ([row]) => row.credits === credits && row.handled === credits,
    );
  const mailSettled = () =>
    eventually(
      () => stack.dataSource.query(`SELECT count(*)::int AS n FROM mail_log WHERE status = 'pending'`),
      ([row]) => row.n === 0,
    );
  const job = (events: DomainEvent[]) => ({ id: `again-${randomUUID()}`, data: { events }, attemptsMade: 0, opts: { attempts: 5 } }) as unknown as Job;

  // Brought three confirmed friends before any milestone existed.
  let early: { id: string; email: string };
  let referrer: { id: string; referralCode: string; email: string };
  const friends: { id: string; email: string }[] = [];

  beforeAll(async () => {
    stack = await startStack({ PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '1000' });
    staff = await signInStaff(stack.api, 'rewards-staff@swishly.test');
    const before = await join('Early', 'early.bird@example.com');
    await confirm(before);
    for (let i = 1; i <= 3; i++) await confirm(await join(`Old${i}`, `old.friend${i}@example.com`, before.referralCode));
    early = before;
    await creditsHandled(early.id, 3);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('lets staff replace the list, validated, and answers it in the same shape', async () => {
    expect((await saved()).milestones).toEqual([]);
    for (const bad of [
      [{ ...MILESTONES[0], referrals: 0 }],
      [{ ...MILESTONES[0], referrals: 1.5 }],
      [MILESTONES[0], { ...MILESTONES[1], referrals: 2 }],
      [{ ...MILESTONES[0], reward: 'cash' }],
      [{ ...MILESTONES[0], subject: '' }],
      [{ ...MILESTONES[0], html: '<p> </p>' }],
      [{ ...MILESTONES[0], subject: 'x'.repeat(201) }],
    ]) {
      const refused = await put(bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('validation_failed');
    }
    expect((await stack.api.inject({ method: 'PUT', url: '/api/admin/referral-milestones', payload: {}, headers: staff })).statusCode).toBe(400);

    const answer = await put(MILESTONES);
    expect(answer.statusCode).toBe(200);
    // Smallest first; the early referrer passed both before they existed: waiting, not reached.
    expect(answer.json()).toEqual({
      milestones: [
        { ...MILESTONES[1], html: '<p>Nice one, {{first_name}}. Share {{referral_link}} again.</p>', reached: 0, waiting: 1 },
        { ...MILESTONES[0], reached: 0, waiting: 1 },
      ],
    });
    expect(await saved()).toEqual(answer.json());
    // Saving is an event in the audit log.
    const [changed] = await stack.dataSource.query(`SELECT metadata FROM domain_events WHERE type = 'referral-milestones.changed'`);
    expect(changed.metadata).toMatchObject({ actorType: 'admin' });
    // Nobody was rewarded by the save itself.
    expect(await awards(early.id)).toEqual([]);
    expect((await stack.api.inject({ url: '/api/admin/referral-milestones/catch-up', headers: staff })).json()).toEqual({ members: 1 });
  });

  it('rewards a referrer at one and two confirmed friends, once each; an unconfirmed friend does not count', async () => {
    referrer = await join('Riley', 'riley.referrer@example.com');
    await confirm(referrer);
    expect((await status(referrer)).nextMilestone).toEqual({ referrals: 1, reward: 'email', remaining: 1 });

    friends.push(await join('Friend1', 'friend.one@example.com', referrer.referralCode));
    await confirm(friends[0]);
    friends.push(await join('Friend2', 'friend.two@example.com', referrer.referralCode));
    await creditsHandled(referrer.id, 1);
    await mailSettled();
    expect(await awards(referrer.id)).toEqual([{ referrals: 1, reward: 'email' }]);
    // Friend 2 has not confirmed: one friend so far, one more to early access.
    expect(await status(referrer)).toMatchObject({ referrals: 1, nextMilestone: { referrals: 2, reward: 'early_access', remaining: 1 } });

    await confirm(friends[1]);
    await eventually(
      () => awards(referrer.id),
      (rows) => rows.length === 2,
    );
    await creditsHandled(referrer.id, 2);
    await mailSettled();
    expect(await awards(referrer.id)).toEqual([
      { referrals: 1, reward: 'email' },
      { referrals: 2, reward: 'early_access' },
    ]);
    expect(await milestoneMail(referrer.email)).toEqual([
      { subject: 'Two friends in: your early access', status: 'sent' },
      { subject: 'Your first friend joined', status: 'sent' },
    ]);
    expect(atProvider(referrer.email)).toEqual(['Two friends in: your early access', 'Your first friend joined']);
    expect(await status(referrer)).toMatchObject({ referrals: 2, nextMilestone: null });

    // Staff's text personalised; the thank-you carries one-click unsubscribe, the early access their own code.
    const delivered = stack.resend.deliveredTo(referrer.email);
    const thanks = delivered.find((m) => m.body.subject === 'Your first friend joined')!;
    expect(thanks.body.html).toContain('Nice one, Riley.');
    expect(thanks.body.html).toContain(`ref=${referrer.referralCode}`);
    expect(thanks.body.headers?.['List-Unsubscribe']).toMatch(/^<https:\/\/swishly\.test\/unsubscribe\?token=/);
    const [code] = await stack.dataSource.query(`SELECT code FROM early_access_codes WHERE email = $1`, [referrer.email]);
    const gift = delivered.find((m) => m.body.subject === 'Two friends in: your early access')!;
    expect(gift.body.html).toContain('Thank you Riley!');
    expect(gift.body.html).toContain(code.code);
    // The code works, once.
    const redeemed = await stack.api.inject({ method: 'POST', url: '/api/early-access/redeem', payload: { code: code.code }, remoteAddress: '10.63.0.1' });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json()).toMatchObject({ code: code.code, redeemed: true });

    // Staff see them on the member's view, with dates.
    const view = (await stack.api.inject({ url: `/api/admin/waitlist/${referrer.id}`, headers: staff })).json();
    expect(view.milestonesReached).toEqual([
      { referrals: 1, reward: 'email', reachedAt: expect.any(String) },
      { referrals: 2, reward: 'early_access', reachedAt: expect.any(String) },
    ]);
    expect((await saved()).milestones.map((m: { reached: number }) => m.reached)).toEqual([1, 1]);
  });

  it('sends nothing again for a redelivered job, a replay or a friend erased', async () => {
    const host = stack.worker.get(ConsumerHost);
    const handler = stack.worker.get(AwardReferralMilestonesJob);
    const credits: DomainEvent[] = (
      await stack.dataSource.query(`SELECT * FROM domain_events WHERE type = $1 AND stream_id = $2 ORDER BY position`, [ReferralCredited.type, referrer.id])
    ).map(toDomainEvent);
    expect(credits).toHaveLength(2);
    // Delivered again, also as if Redis and the processed record had both forgotten it: the awards stand.
    expect(await host.process(AwardReferralMilestones, handler as never, job(credits))).toBe('duplicate');
    await stack.dataSource.query(`DELETE FROM processed_events WHERE consumer = $1 AND event_id = ANY($2::uuid[])`, [
      AwardReferralMilestones.name,
      credits.map((e) => e.id),
    ]);
    await host.process(AwardReferralMilestones, handler as never, job(credits));
    // The log replayed: the same awards, nothing sent.
    await stack.worker.get(ReplayService).replayAll();
    expect(await awards(referrer.id)).toEqual([
      { referrals: 1, reward: 'email' },
      { referrals: 2, reward: 'early_access' },
    ]);

    // A friend erased: the award stays, and a new friend (two confirmed friends again) brings nothing twice.
    const erased = await stack.api.inject({ method: 'POST', url: '/api/admin/privacy/erase', payload: { email: friends[0].email }, headers: staff });
    expect(erased.statusCode).toBe(200);
    const another = await join('Friend3', 'friend.three@example.com', referrer.referralCode);
    await confirm(another);
    await creditsHandled(referrer.id, 3);
    await mailSettled();

    expect(await awards(referrer.id)).toEqual([
      { referrals: 1, reward: 'email' },
      { referrals: 2, reward: 'early_access' },
    ]);
    expect(await milestoneMail(referrer.email)).toHaveLength(2);
    expect(atProvider(referrer.email)).toEqual(['Two friends in: your early access', 'Your first friend joined']);
    expect(await stack.dataSource.query(`SELECT count(*)::int AS n FROM early_access_codes WHERE email = $1`, [referrer.email])).toEqual([{ n: 1 }]);
  });

  it('gives a member who was already let in the code they hold, not a second one', async () => {
    const admitted = await join('Ada', 'ada.admitted@example.com');
    await confirm(admitted);
    expect((await stack.api.inject({ method: 'POST', url: `/api/admin/waitlist/${admitted.id}/admission`, headers: staff })).statusCode).toBe(202);
    const [held] = await eventually(
      () => stack.dataSource.query(`SELECT code FROM early_access_codes WHERE email = $1`, [admitted.email]),
      (rows) => rows.length === 1,
    );
    for (const n of [1, 2]) await confirm(await join(`AdaFriend${n}`, `ada.friend${n}@example.com`, admitted.referralCode));
    await creditsHandled(admitted.id, 2);
    await mailSettled();
    expect(await awards(admitted.id)).toEqual([
      { referrals: 1, reward: 'email' },
      { referrals: 2, reward: 'early_access' },
    ]);
    expect(await stack.dataSource.query(`SELECT code FROM early_access_codes WHERE email = $1`, [admitted.email])).toEqual([held]);
    const gift = stack.resend.deliveredTo(admitted.email).find((m) => m.body.subject === 'Two friends in: your early access')!;
    expect(gift.body.html).toContain(held.code);
  });

  it('waits for an unconfirmed referrer to confirm; the thank-you respects an unsubscribe, the early access does not', async () => {
    const waiting = await join('Wren', 'wren.unconfirmed@example.com');
    await confirm(await join('WrenFriend', 'wren.friend@example.com', waiting.referralCode));
    await creditsHandled(waiting.id, 1);
    expect(await awards(waiting.id)).toEqual([]);
    await confirm(waiting);
    await eventually(
      () => awards(waiting.id),
      (rows) => rows.length === 1,
    );

    const quiet = await join('Quinn', 'quinn.unsubscribed@example.com');
    await confirm(quiet);
    await stack.api.get(MailSuppressions).suppress(quiet.email, 'unsubscribed');
    for (let i = 1; i <= 2; i++) await confirm(await join(`QuinnFriend${i}`, `quinn.friend${i}@example.com`, quiet.referralCode));
    await eventually(
      () => awards(quiet.id),
      (rows) => rows.length === 2,
    );
    await mailSettled();
    expect(await milestoneMail(quiet.email)).toEqual([
      { subject: 'Two friends in: your early access', status: 'sent' },
      { subject: 'Your first friend joined', status: 'suppressed' },
    ]);
  });

  it('gives members who passed a milestone before it existed their awards when staff ask, once, also through a worker killed mid-job', async () => {
    const first = await catchUp();
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ members: 1 });
    // A worker killed while running the catch-up's job: rolled back whole.
    const [queued] = await stack.dataSource.query(`SELECT * FROM domain_events WHERE type = $1`, [ReferralMilestonesCatchUpQueued.type]);
    const handler = stack.worker.get(CatchUpReferralMilestonesJob);
    const dying = {
      handle: async (event: DomainEvent, context: ConsumerContext) => {
        await handler.handle(event as never, context);
        throw new Error('killed mid-job');
      },
    };
    await expect(
      stack.worker.get(ConsumerHost).process(CatchUpReferralMilestones, dying, job([{ ...toDomainEvent(queued), id: randomUUID() }])),
    ).rejects.toThrow('killed mid-job');

    await eventually(
      () => awards(early.id),
      (rows) => rows.length === 2,
    );
    await mailSettled();
    expect(atProvider(early.email)).toEqual(['Two friends in: your early access', 'Your first friend joined']);

    // Asked again: nobody is due anything, nothing is sent.
    const second = await catchUp();
    expect(second.statusCode).toBe(202);
    expect(second.json()).toEqual({ members: 0 });
    expect((await saved()).milestones.map((m: { waiting: number }) => m.waiting)).toEqual([0, 0]);
    await mailSettled();
    expect(atProvider(early.email)).toHaveLength(2);
    expect(await milestoneMail(early.email)).toHaveLength(2);
    const audit = await stack.dataSource.query(`SELECT payload FROM domain_events WHERE type = 'referral-milestones.catch-up-requested' ORDER BY position`);
    expect(audit.map((e: { payload: { members: number } }) => e.payload.members)).toEqual([1, 0]);
  });

  it('exports the awards with the person, and an erasure takes them, also from a replay', async () => {
    const exported = await stack.api.inject({ method: 'POST', url: '/api/admin/privacy/export', payload: { email: referrer.email }, headers: staff });
    expect(exported.statusCode).toBe(200);
    expect(JSON.parse(exported.body).referralMilestones).toEqual([
      expect.objectContaining({ referrals: 1, reward: 'email', reachedAt: expect.any(String) }),
      expect.objectContaining({ referrals: 2, reward: 'early_access', reachedAt: expect.any(String) }),
    ]);

    const erased = await stack.api.inject({ method: 'POST', url: '/api/admin/privacy/erase', payload: { email: referrer.email }, headers: staff });
    expect(erased.statusCode).toBe(200);
    expect(await awards(referrer.id)).toEqual([]);
    await stack.worker.get(ReplayService).replayAll();
    expect(await awards(referrer.id)).toEqual([]);
    expect(await awards(early.id)).toHaveLength(2);
    const left = await stack.dataSource.query(`SELECT count(*)::int AS n FROM referral_milestone_awards WHERE subject LIKE '%riley%'`);
    expect(left).toEqual([{ n: 0 }]);
  });
});
