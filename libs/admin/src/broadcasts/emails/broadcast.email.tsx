import { Heading } from '@react-email/heading';
import { Section } from '@react-email/section';
import { EmailLayout } from '@swishly/platform';

export interface BroadcastEmailProps {
  brand: string;
  subject: string;
  /** Sanitised body (sanitizePostHtml), written by staff in the resources editor. */
  html: string;
  unsubscribeLink?: string;
  privacyLink?: string;
}

/** A launch announcement: staff's subject and body in the frame every email shares. */
export function BroadcastEmail({ brand, subject, html, unsubscribeLink, privacyLink }: BroadcastEmailProps) {
  return (
    <EmailLayout brand={brand} preview={subject} unsubscribeLink={unsubscribeLink} privacyLink={privacyLink}>
      <Heading as="h1" style={{ fontSize: 24, margin: '0 0 12px' }}>
        {subject}
      </Heading>
      <Section style={{ color: '#111827', fontSize: 16, lineHeight: '24px' }}>
        <div dangerouslySetInnerHTML={{ __html: html }} />
      </Section>
    </EmailLayout>
  );
}

BroadcastEmail.PreviewProps = {
  brand: 'Swishly',
  subject: 'Swishly is out today',
  html: '<p>The wait is over: Swishly is in the App Store and on Google Play.</p><p><a href="http://localhost:3000/download">Get the app</a></p>',
  unsubscribeLink: 'http://localhost:3000/unsubscribe?token=example',
  privacyLink: 'http://localhost:3000/privacy-request',
} satisfies BroadcastEmailProps;
