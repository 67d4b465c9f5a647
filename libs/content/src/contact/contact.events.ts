import { defineConsumer, defineEvent, emailSubject } from '@swishly/platform';

export const CONTACT_STREAM = 'contact-submission';

export interface ContactSubmittedPayload {
  submissionId: string;
  firstName: string;
  email: string;
  subject: string | null;
  message: string;
}

export const ContactSubmitted = defineEvent<ContactSubmittedPayload>('contact.submitted', {
  personalData: { fields: ['firstName', 'email', 'subject', 'message'], subject: (p) => emailSubject(p.email) },
});

/** Emails the team (CONTACT_TO) and confirms to the sender. */
export const SendContactEmails = defineConsumer('content.send-contact-emails', [ContactSubmitted]);
