import { INestApplicationContext } from '@nestjs/common';
import { ConsumerHandler, ConsumerHost, DomainEvent, MailSuppressions, ReplayService, toDomainEvent } from '@swishly/platform';
import { ConfirmationRemindersService, SendConfirmationReminder, WaitlistService } from '@swishly/waitlist';
import { Job } from 'bullmq';
import { SendConfirmationReminderJob } from '../libs/waitlist/src/entries/jobs/send-confirmation-reminder.job';
import { signInStaff } from './utils/test-app';
import { eventually } from './utils/test-config';
import { startStack, TestStack } from './utils/test-stack';
import { bootWorker } from './utils/test-worker';

// The one reminder to confirm (double opt-in), on the real Postgres, Redis and worker with Resend
// on loopback: a member still unconfirmed CONFIRMATION_REMINDER_HOURS after their welcome gets
// exactly one reminder, however many passes, workers, replays and redeliveries; nobody confirmed,
// unsubscribed, suppressed, erased, not yet due, joined too long ago or never sent a link gets one.
const unique = (name: string) => `${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
const REMINDER_SUBJECT = 'Confirm your email to keep your spot';
let ip = 0;

describe('the confirmation reminder', () => {
  let stack: TestStack;
  let staff: { cookie: string; 'x-csrf-token': string };
  const from = () => `10.39.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
  const pass = (worker: INestApplicationContext = stack.worker) => worker.get(ConfirmationRemindersService).remindDue();
  const remindersTo = (email: string) => stack.resend.deliveredTo(email).filter((m) => String(m.body.subject).startsWith(REMINDER_SUBJECT));
  const remindedEvents = async (entryIds: string[]) =>
    (
      await stack.dataSource.query(`SELECT count(*)::int AS n FROM domain_events WHERE type = 'waitlist.confirmation-reminded' AND stream_id = ANY($1)`, [
        entryIds,
      ])
    )[0].n as number;

  /** Joins through the form and waits for the welcome at the provider. */
  async function welcomed(email: string): Promise<{ id: string; referralCode: string }> {
    const joined = await stack.api.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { first_name: 'Rita', email, role: null, referrerCode: null },
      remoteAddress: from(),
    });
    expect(joined.statusCode).toBe(201);
    await eventually(
      async () => stack.resend.deliveredTo(email),
      (mails) => mails.length === 1,
    );
    return joined.json();
  }

  /** Their confirmation link went `hours` ago (the read model's clock, moved back). */
  const linkSentAgo = (entryIds: string[], hours: number) =>
    stack.dataSource.query(`UPDATE waitlist_entries SET confirmation_sent_at = now() - make_interval(hours => $2::int) WHERE id = ANY($1::uuid[])`, [
      entryIds,
      hours,
    ]);

  beforeAll(async () => {
    stack = await startStack({ PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '1000', CONFIRMATION_REMINDER_HOURS: '48' });
    staff = await signInStaff(stack.api, 'reminder-staff@swishly.test', 'owner');
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('reminds a member unconfirmed after N hours exactly once: a second pass, a second worker, a replay and a redelivered job send none', async () => {
    const email = unique('due');
    const member = await welcomed(email);
    await linkSentAgo([member.id], 49);

    // Two workers' passes at once (a late tick beside the next): one reminder between them.
    const second = await bootWorker(stack.config);
    try {
      const [a, b] = await Promise.all([pass(), pass(second)]);
      expect(a + b).toBeGreaterThanOrEqual(1);
      expect(await remindedEvents([member.id])).toBe(1);
      await eventually(
        async () => remindersTo(email),
        (mails) => mails.length === 1,
      );
      expect(await pass(second)).toBe(0);
    } finally {
      await second.close();
    }

    const [reminder] = remindersTo(email);
    expect(reminder.body.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(/^<https:\/\/swishly\.test\/unsubscribe\?token=[0-9a-f]{64}\.[\w-]{32}>$/),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const unsubscribeUrl = reminder.body.headers!['List-Unsubscribe'].replace(/^<|>$/g, '');
    expect(reminder.body.html).toContain(`href="${unsubscribeUrl}"`);
    expect(reminder.body.html).toContain(stack.api.get(WaitlistService).links.confirm(member.id).replace(/&/g, '&amp;'));
    const logged = await stack.dataSource.query(`SELECT template, status, idempotency_key FROM mail_log WHERE to_address = $1 ORDER BY id`, [email]);
    expect(logged.map((r: { template: string }) => r.template)).toEqual(['waitlist-welcome', 'waitlist-confirmation-reminder']);

    // A replay rebuilds the record of the reminder: the next pass still finds nobody due.
    await stack.worker.get(ReplayService).replayAll();
    expect((await stack.dataSource.query(`SELECT count(*)::int AS n FROM waitlist_confirmation_reminders WHERE entry_id = $1`, [member.id]))[0].n).toBe(1);
    expect(await pass()).toBe(0);

    // The job redelivered (Redis forgot it was done), even past the consumer's record: no second email.
    const [event]: DomainEvent[] = (
      await stack.dataSource.query(`SELECT * FROM domain_events WHERE type = 'waitlist.confirmation-reminded' AND stream_id = $1`, [member.id])
    ).map(toDomainEvent);
    const host = stack.worker.get(ConsumerHost);
    const handler = stack.worker.get(SendConfirmationReminderJob) as unknown as ConsumerHandler;
    const job = (id: string) => ({ id, data: { events: [event] }, attemptsMade: 0, opts: { attempts: 5 } }) as unknown as Job;
    expect(await host.process(SendConfirmationReminder, handler, job('again'))).toBe('duplicate');
    await stack.dataSource.query(`DELETE FROM processed_events WHERE consumer = $1 AND event_id = $2`, [SendConfirmationReminder.name, event.id]);
    expect(await host.process(SendConfirmationReminder, handler, job('again-past-record'))).toBe('done');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(remindersTo(email)).toHaveLength(1);
    expect((await stack.dataSource.query(`SELECT count(*)::int AS n FROM mail_log WHERE to_address = $1`, [email]))[0].n).toBe(2);

    // The reminder's one-click unsubscribe works.
    const url = new URL(unsubscribeUrl);
    const clicked = await stack.api.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(clicked.statusCode).toBe(200);
    const hash = stack.api.get(MailSuppressions).addressHash(email);
    expect((await stack.dataSource.query('SELECT reason FROM mail_suppressions WHERE address_hash = $1', [hash]))[0]?.reason).toBe('unsubscribed');

    // The mail log's filter offers the reminder's kind.
    const templates = await stack.api.inject({ url: '/api/admin/emails/templates', headers: staff });
    expect(templates.json().templates).toContain('waitlist-confirmation-reminder');
  });

  it('reminds nobody confirmed, unsubscribed, suppressed, erased, not yet due, welcomed too long ago or never sent a link', async () => {
    const confirmed = await welcomed(unique('confirmed'));
    const confirm = await stack.api.inject({
      method: 'POST',
      url: '/api/waitlist/confirm',
      payload: { token: stack.api.get(WaitlistService).links.confirmToken(confirmed.id) },
    });
    expect(confirm.statusCode).toBe(200);

    const unsubscribedEmail = unique('unsubscribed');
    const unsubscribed = await welcomed(unsubscribedEmail);
    const unsubscribeUrl = new URL(stack.resend.deliveredTo(unsubscribedEmail)[0].body.headers!['List-Unsubscribe'].replace(/^<|>$/g, ''));
    const token = unsubscribeUrl.searchParams.get('token')!;
    expect((await stack.api.inject({ method: 'POST', url: '/api/email/unsubscribe', payload: { token } })).json()).toEqual({ unsubscribed: true });

    const bouncedEmail = unique('bounced');
    const bounced = await welcomed(bouncedEmail);
    await stack.api.get(MailSuppressions).suppress(bouncedEmail, 'bounced');
    const complainedEmail = unique('complained');
    const complained = await welcomed(complainedEmail);
    await stack.api.get(MailSuppressions).suppress(complainedEmail, 'complained');

    const erasedEmail = unique('erased');
    const erased = await welcomed(erasedEmail);
    const notDue = await welcomed(unique('not-due'));
    const tooOld = await welcomed(unique('too-old'));

    // An imported member staff chose not to welcome: their join sent no confirmation link.
    const importedEmail = unique('imported');
    const imported = await stack.api.inject({
      method: 'POST',
      url: '/api/admin/waitlist/import?welcome=false',
      payload: `email,first_name\n${importedEmail},Ivy`,
      headers: { ...staff, 'content-type': 'text/csv' },
    });
    expect(imported.statusCode).toBe(202);
    const importedEntry = await eventually(
      async () => (await stack.dataSource.query('SELECT id, confirmation_sent_at FROM waitlist_entries WHERE email = $1', [importedEmail]))[0],
      (row) => row !== undefined,
    );
    expect(importedEntry.confirmation_sent_at).toBeNull();

    const due = [confirmed, unsubscribed, bounced, complained, erased].map((m) => m.id);
    await linkSentAgo(due, 72);
    await linkSentAgo([notDue.id], 47);
    await linkSentAgo([tooOld.id], 15 * 24);
    await stack.dataSource.query(`UPDATE waitlist_entries SET created_at = now() - interval '30 days' WHERE id = $1`, [importedEntry.id]);
    const erasure = await stack.api.inject({ method: 'POST', url: '/api/admin/privacy/erase', payload: { email: erasedEmail }, headers: staff });
    expect(erasure.statusCode).toBe(200);

    // A control member due now, so the pass is known to have run.
    const controlEmail = unique('control');
    const control = await welcomed(controlEmail);
    await linkSentAgo([control.id], 48);

    expect(await pass()).toBe(1);
    expect(await remindedEvents([...due, notDue.id, tooOld.id, importedEntry.id])).toBe(0);
    expect(await remindedEvents([control.id])).toBe(1);
    await eventually(
      async () => remindersTo(controlEmail),
      (mails) => mails.length === 1,
    );
    for (const email of [unsubscribedEmail, bouncedEmail, complainedEmail, erasedEmail, importedEmail]) expect(remindersTo(email)).toEqual([]);
    const reminderRows = await stack.dataSource.query(`SELECT to_address FROM mail_log WHERE template = 'waitlist-confirmation-reminder'`);
    expect(reminderRows.map((r: { to_address: string }) => r.to_address)).not.toEqual(expect.arrayContaining([erasedEmail]));

    // Once due, the member not due before gets theirs.
    await linkSentAgo([notDue.id], 49);
    expect(await pass()).toBe(1);
    expect(await remindedEvents([notDue.id])).toBe(1);
  });
});
