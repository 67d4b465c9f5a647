import { defineConsumer, defineEvent, emailSubject } from '@swishly/platform';

export const CONTACT_STREAM = 'contact-submission';
/** The mail log's template of the team's copy of a contact message (to CONTACT_TO, Reply-To: the sender). */
export const TEAM_COPY_TEMPLATE = 'contact-notification';

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
