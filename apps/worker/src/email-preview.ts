import 'reflect-metadata';
import { AdmissionInviteEmail, PasswordResetEmail, PrivacyRequestEmail, StaffInvitationEmail } from '@swishly/admin';
import { ContactConfirmationEmail, ContactNotificationEmail } from '@swishly/content';
import { EventClaimEmail, ShotLinkEmail } from '@swishly/events';
import { renderEmail } from '@swishly/platform';
import { WelcomeEmail } from '@swishly/waitlist';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createElement, FunctionComponent } from 'react';

/** `npm run email:preview`: renders every email template with sample data into data/email-preview/. */
const template = <P extends object>(name: string, component: FunctionComponent<P> & { PreviewProps: NoInfer<P> }, extra: Partial<P> = {}) => ({
  name,
  render: () => renderEmail(createElement(component, { ...component.PreviewProps, ...extra })),
});
const templates = [
  template('waitlist-welcome', WelcomeEmail),
  template('waitlist-confirm-reminder', WelcomeEmail, { reminder: true }),
  template('waitlist-confirmation-reminder', WelcomeEmail, { confirmationReminder: true }),
  template('waitlist-status-link', WelcomeEmail, { statusLinkOnly: true }),
  template('contact-confirmation', ContactConfirmationEmail),
  template('contact-notification', ContactNotificationEmail),
  template('admin-password-reset', PasswordResetEmail),
  template('staff-invitation', StaffInvitationEmail),
  template('privacy-request-erasure', PrivacyRequestEmail),
  template('privacy-request-export', PrivacyRequestEmail, { kind: 'export' }),
  template('waitlist-invite', AdmissionInviteEmail),
  template('event-claim', EventClaimEmail),
  template('shot-link', ShotLinkEmail),
];

const out = resolve('data/email-preview');
mkdirSync(out, { recursive: true });
const links: string[] = [];
for (const { name, render } of templates) {
  const { html, text } = render();
  writeFileSync(join(out, `${name}.html`), html);
  writeFileSync(join(out, `${name}.txt`), text);
  links.push(`<li><a href="${name}.html">${name}</a> (<a href="${name}.txt">text</a>)</li>`);
}
writeFileSync(join(out, 'index.html'), `<!doctype html><meta charset="utf-8"><title>Email previews</title><h1>Email previews</h1><ul>${links.join('')}</ul>`);
console.log(`Rendered ${templates.length} templates: open ${join(out, 'index.html')}`);
