import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { EmailLayout, emailText } from '@swishly/platform';
import { Fragment } from 'react';

export interface ContactEmailProps {
  brand: string;
  firstName: string;
  email: string;
  subject: string | null;
  message: string;
}

/**
 * To the sender: we got your message. It repeats nothing they typed (neither the message nor
 * their name), so the form can't be used to send someone else text of one's choosing.
 */
export function ContactConfirmationEmail({ brand, privacyLink }: Pick<ContactEmailProps, 'brand'> & { privacyLink?: string }) {
  return (
    <EmailLayout brand={brand} preview={`We got your message`} privacyLink={privacyLink}>
      <Heading as="h1" style={{ fontSize: 22, margin: '0 0 12px' }}>
        Thanks for reaching out!
      </Heading>
      <Text style={emailText}>We got your message to the {brand} team and will get back to you as soon as possible, usually within two working days.</Text>
      <Text style={{ ...emailText, color: '#4b5563' }}>Didn't write to us? Someone may have typed your address by mistake: you can ignore this email.</Text>
    </EmailLayout>
  );
}

/** The message's own line breaks, kept in every mail client (and in the plain-text part). */
function Lines({ text }: { text: string }) {
  const lines = text.split(/\r\n|\r|\n/);
  return lines.map((line, i) => (
    <Fragment key={i}>
      {line}
      {i < lines.length - 1 ? <br /> : null}
    </Fragment>
  ));
}

/** To the team: a new contact message. */
export function ContactNotificationEmail({ brand, firstName, email, subject, message }: ContactEmailProps) {
  return (
    <EmailLayout brand={brand} preview={`Contact form: ${subject ?? message.slice(0, 60)}`}>
      <Heading as="h1" style={{ fontSize: 20, margin: '0 0 12px' }}>
        New message from {firstName}
      </Heading>
      <Text style={emailText}>
        From: {firstName} &lt;{email}&gt;
        <br />
        Subject: {subject ?? '(none)'}
      </Text>
      <Text style={{ ...emailText, whiteSpace: 'pre-wrap' }}>
        <Lines text={message} />
      </Text>
    </EmailLayout>
  );
}

const sample: ContactEmailProps = {
  brand: 'Swishly',
  firstName: 'Alex',
  email: 'alex@example.com',
  subject: 'Team plans',
  message: 'Hi! Do you offer plans for whole teams?',
};
ContactConfirmationEmail.PreviewProps = sample;
ContactNotificationEmail.PreviewProps = sample;
