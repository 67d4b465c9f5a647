import { AdmissionInviteEmail, AuthService, PasswordResetEmail, PrivacyRequestEmail, ResetTokens, StaffInvitationEmail } from '@swishly/admin';
import { ContactConfirmationEmail, ContactNotificationEmail } from '@swishly/content';
import { EventClaimEmail, ShotLinkEmail } from '@swishly/events';
import { ShotClaimTokens } from '../libs/events/src/shots/shot-claim-tokens.service';
import { MailService, MailUnsubscribes, OutgoingEmail, privacyRequestLink } from '@swishly/platform';
import { WaitlistService, WelcomeEmail } from '@swishly/waitlist';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createElement, type FunctionComponent, type ReactElement } from 'react';
import { BroadcastEmail } from '../libs/admin/src/broadcasts/emails/broadcast.email';
import { WebhookPausedEmail } from '../libs/admin/src/integrations/webhooks/emails/webhook-paused.email';
import { PrivacyRequestsService } from '../libs/admin/src/privacy/privacy-requests.service';
import { welcomeEmail } from '../libs/waitlist/src/entries/emails/welcome.email';
import { eventually } from './utils/test-config';
import { startStack, TestStack } from './utils/test-stack';

// The mail log shows staff every email the system sent: none of its links may
// act for the person it went to. Every email template is rendered with real tokens (signed by
// the app's own services), stored through the mail log and read back through the admin API,
// which must answer no token: not a confirm, status, unsubscribe, reset or privacy link's secret,
// nor a shot analysis's code. What the person was sent keeps the real links.
let ip = 0;
const freshIp = () => `10.43.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
const PASSWORD = 'Court-Vision-42';
const unique = (name: string) => `${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;

/** Every React Email template of the code base, by its exported component's name (each *.email.tsx and *.emails.tsx). */
function templateComponents(): string[] {
  const root = join(__dirname, '..', 'libs');
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.emails?\.tsx$/.test(file) && !file.includes('node_modules'))
    .flatMap((file) => [...readFileSync(join(root, file), 'utf8').matchAll(/^export function (\w+Email)\b/gm)].map((m) => m[1]))
    .sort();
}

describe('mail log: no live link reaches staff', () => {
  let stack: TestStack;
  let cookie: string;
  const asStaff = (url: string) => stack.api.inject({ method: 'GET', url, headers: { cookie }, remoteAddress: freshIp() });

  beforeAll(async () => {
    stack = await startStack({ PUBLIC_FORM_RATE_LIMIT_PER_MINUTE: '1000' });
    const email = `mail-log-${Date.now().toString(36)}@swishly.test`;
    await stack.api.get(AuthService).createOrResetAdmin(email, PASSWORD, { actorType: 'system' });
    const login = await stack.api.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD }, remoteAddress: freshIp() });
    cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  });

  afterAll(() => stack?.stop());

  /** What the admin API answers of the mail log's emails to `to`: the list's rows, each email in full, and the member's view. */
  async function seenByStaff(
    to: string,
    entryId: string,
  ): Promise<{ answers: string; entries: { template: string; html: string; text: string; linksHidden: boolean }[] }> {
    const list = await asStaff('/api/admin/emails?pageSize=100');
    expect(list.statusCode).toBe(200);
    const items = list.json().items.filter((item: { to: string }) => item.to === to);
    const details = await Promise.all(items.map((item: { id: string }) => asStaff(`/api/admin/emails/${item.id}`)));
    const sentTo = await asStaff(`/api/admin/waitlist/${entryId}`);
    expect(sentTo.statusCode).toBe(200);
    return { answers: [list.body, sentTo.body, ...details.map((d) => d.body)].join('\n'), entries: details.map((d) => d.json()) };
  }

  /** Each secret as it may stand in an answer: as it is, URL-encoded, HTML-escaped. */
  const forms = (secret: string) => [...new Set([secret, encodeURIComponent(secret), secret.replaceAll('&', '&amp;')])];

  it('renders every template with real tokens, stores it through the mail log, and the admin API answers none of them', async () => {
    const to = unique('templates');
    const joined = await stack.api.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { first_name: 'Tess', email: to, role: null, referrerCode: null },
      remoteAddress: freshIp(),
    });
    expect(joined.statusCode).toBe(201);
    const entry = joined.json() as { id: string; referralCode: string };
    const links = stack.api.get(WaitlistService).links;
    const unsubscribes = stack.api.get(MailUnsubscribes);
    const site = 'https://swishly.test';
    const shotCode = 'HBF-7Q2K9';
    const resetLink = `${site}/admin/login?mode=reset&token=${stack.api.get(ResetTokens).tokenFor(randomUUID())}`;
    const invitationLink = `${site}/admin/invitation?token=${stack.api.get(ResetTokens).invitationTokenFor(randomUUID())}`;
    const privacyLink = stack.api.get(PrivacyRequestsService).link(randomUUID());
    const claimLink = stack.api.get(ShotClaimTokens).analysisLink('hbf', shotCode, randomUUID());
    const secrets = {
      confirm: links.confirmToken(entry.id),
      status: links.statusToken(entry.id),
      unsubscribe: unsubscribes.token(to),
      reset: new URL(resetLink).searchParams.get('token')!,
      privacy: new URL(privacyLink).searchParams.get('token')!,
      claim: new URL(claimLink).searchParams.get('token')!,
      shotCode,
    };
    const common = { brand: 'Swishly', privacyLink: privacyRequestLink(site) };
    const welcomeProps = {
      ...common,
      firstName: 'Tess',
      position: 3,
      referralLink: links.referral(entry.referralCode),
      confirmLink: links.confirm(entry.id),
      statusLink: links.status(entry.id),
      unsubscribeLink: unsubscribes.url(to),
      analysisLink: `${site}/shot-feedback/${shotCode}`,
      fromEvent: 'ShotAnalysis' as const,
    };
    const rendered: [component: FunctionComponent<never>, template: string, content: ReactElement | { html: string; text: string }][] = [
      [WelcomeEmail, 'test-welcome', createElement(WelcomeEmail, welcomeProps)],
      [WelcomeEmail, 'test-welcome-template', welcomeEmail.render(welcomeProps)],
      [WelcomeEmail, 'test-reminder', createElement(WelcomeEmail, { ...welcomeProps, reminder: true })],
      [WelcomeEmail, 'test-status-link', createElement(WelcomeEmail, { ...welcomeProps, statusLinkOnly: true })],
      [
        EventClaimEmail,
        'test-event-claim',
        createElement(EventClaimEmail, {
          ...common,
          firstName: 'Tess',
          accessCode: null,
          waitlistPosition: 3,
          analysisLink: claimLink,
          referralLink: links.referral(entry.referralCode),
          confirmLink: links.confirm(entry.id),
          unsubscribeLink: unsubscribes.url(to),
        }),
      ],
      [ShotLinkEmail, 'test-shot-link', createElement(ShotLinkEmail, { ...common, firstName: 'Tess', analysisLink: claimLink })],
      [
        AdmissionInviteEmail,
        'test-invite',
        createElement(AdmissionInviteEmail, {
          ...common,
          firstName: 'Tess',
          code: 'ABCD-EFGH',
          downloadLink: `${site}/download`,
          unsubscribeLink: unsubscribes.url(to),
        }),
      ],
      [
        BroadcastEmail,
        'test-broadcast',
        createElement(BroadcastEmail, { ...common, subject: 'News', html: '<p>News</p>', unsubscribeLink: unsubscribes.url(to) }),
      ],
      [PasswordResetEmail, 'test-reset', createElement(PasswordResetEmail, { brand: 'Swishly', resetLink, expiresInMinutes: 60 })],
      [
        StaffInvitationEmail,
        'test-staff-invitation',
        createElement(StaffInvitationEmail, { brand: 'Swishly', role: 'editor', acceptLink: invitationLink, expiresInHours: 72 }),
      ],
      [
        WebhookPausedEmail,
        'test-webhook-paused',
        createElement(WebhookPausedEmail, {
          brand: 'Swishly',
          url: 'https://hooks.example.com/in',
          failingSince: 'Fri, 27 Nov 2026 10:00 UTC',
          pageLink: `${site}/admin/integrations`,
        }),
      ],
      [PrivacyRequestEmail, 'test-privacy-erasure', createElement(PrivacyRequestEmail, { ...common, kind: 'erasure', link: privacyLink, hours: 24 })],
      [PrivacyRequestEmail, 'test-privacy-export', createElement(PrivacyRequestEmail, { ...common, kind: 'export', link: privacyLink, hours: 24 })],
      [ContactConfirmationEmail, 'test-contact-confirmation', createElement(ContactConfirmationEmail, common)],
      [
        ContactNotificationEmail,
        'test-contact-notification',
        createElement(ContactNotificationEmail, { brand: 'Swishly', firstName: 'Tess', email: to, subject: null, message: 'Hi' }),
      ],
    ];
    // Every template of the code base is here: a new one must be added to this test.
    expect([...new Set(rendered.map(([component]) => component.name))].sort()).toEqual(templateComponents());

    const emails: OutgoingEmail[] = rendered.map(([, template, content]) => ({
      to,
      subject: template,
      template,
      eventId: randomUUID(),
      content,
      unsubscribeUrl: unsubscribes.url(to),
    }));
    const afterCommit: (() => Promise<void>)[] = [];
    await stack.dataSource.transaction((manager) =>
      stack.api
        .get(MailService)
        .deliverMany(emails, { manager, attempt: 1, maxAttempts: 1, jobId: 'mail-log-secrets', afterCommit: (work) => afterCommit.push(work) }),
    );
    for (const work of afterCommit) await work();
    // What the person got carries the real links.
    await eventually(
      async () => stack.resend.deliveredTo(to).filter((m) => m.body.subject.startsWith('test-')),
      (mails) => mails.length === rendered.length,
    );
    const received = stack.resend
      .deliveredTo(to)
      .map((m) => `${m.body.html}${m.body.text}`)
      .join('');
    for (const secret of Object.values(secrets)) expect(received).toContain(secret);

    const { answers, entries } = await seenByStaff(to, entry.id);
    expect(entries.filter((e) => e.template.startsWith('test-'))).toHaveLength(rendered.length);
    for (const [name, secret] of Object.entries(secrets)) {
      for (const form of forms(secret)) expect([name, answers.includes(form)]).toEqual([name, false]);
    }
    // Nor anything shaped like a link's secret, whoever wrote it.
    expect(answers).not.toMatch(/[?&](?:amp;)?(?:token|confirm|status)=(?!hidden)/);
    expect(answers).not.toMatch(/[0-9a-f-]{16,}\.[\w-]{16,}/);
    // Each email says its links' secrets are hidden, and the public ones still work: the referral link is made to be shared.
    for (const e of entries.filter((e) => /test-(welcome|reminder|status|event|shot-link|invite|broadcast|reset|privacy)/.test(e.template)))
      expect([e.template, e.linksHidden]).toEqual([e.template, true]);
    expect(answers).toContain(`shotanalysis?ref=${entry.referralCode}`);
    expect(answers).toContain('token=hidden');
  });

  it('hides the confirm, status and unsubscribe links of a real welcome email, which the member still got live', async () => {
    const to = unique('welcome');
    const joined = await stack.api.inject({
      method: 'POST',
      url: '/api/waitlist',
      payload: { first_name: 'Walt', email: to, role: null, referrerCode: null },
      remoteAddress: freshIp(),
    });
    expect(joined.statusCode).toBe(201);
    const entry = joined.json() as { id: string };
    const [welcome] = await eventually(
      async () => stack.resend.deliveredTo(to),
      (mails) => mails.length === 1,
    );
    const links = stack.api.get(WaitlistService).links;
    const secrets = [links.confirmToken(entry.id), links.statusToken(entry.id), stack.api.get(MailUnsubscribes).token(to)];
    for (const secret of secrets) expect(`${welcome.body.html}${JSON.stringify(welcome.body.headers)}`).toContain(encodeURIComponent(secret));

    const { answers, entries } = await seenByStaff(to, entry.id);
    expect(entries.map((e) => [e.template, e.linksHidden])).toEqual([['waitlist-welcome', true]]);
    for (const secret of secrets) for (const form of forms(secret)) expect(answers).not.toContain(form);
    expect(entries[0].html).toMatch(/shotanalysis\?confirm=hidden/);
    expect(entries[0].text).toMatch(/shotanalysis\?status=hidden/);
  });
});
