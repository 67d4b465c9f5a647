import { Heading, Text } from '@react-email/components';
import { EmailLayout, emailText } from '@swishly/platform';

export interface ContactEmailProps {
  brand: string;
  firstName: string;
  email: string;
  subject: string | null;
  message: string;
}

/** To the sender: we got your message. */
export function ContactConfirmationEmail({ brand, firstName, subject, message }: ContactEmailProps) {
  return (
    <EmailLayout brand={brand} preview={`We got your message, ${firstName}`}>
      <Heading as="h1" style={{ fontSize: 22, margin: '0 0 12px' }}>
        Thanks for reaching out, {firstName}!
      </Heading>
      <Text style={emailText}>We got your message and will get back to you as soon as possible, usually within two working days.</Text>
      <Text style={{ ...emailText, color: '#4b5563' }}>
        {subject ? <strong>{subject}</strong> : null}
        {subject ? <br /> : null}
        {message}
      </Text>
    </EmailLayout>
  );
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
      <Text style={{ ...emailText, whiteSpace: 'pre-wrap' }}>{message}</Text>
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
