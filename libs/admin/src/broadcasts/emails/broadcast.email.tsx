import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { emailButton, EmailLayout, emailText } from '@swishly/platform';

export interface BroadcastEmailProps {
  brand: string;
  subject: string;
  /** Sanitised body (sanitizePostHtml), written by staff in the resources editor. */
  html: string;
  unsubscribeLink?: string;
  privacyLink?: string;
  /** The member's own early-access code, shown under staff's text (a referral milestone's reward), with where to get the app. */
  earlyAccess?: { code: string; downloadLink: string };
}

/** A launch announcement, or a referral milestone's email: staff's subject and body in the frame every email shares. */
export function BroadcastEmail({ brand, subject, html, unsubscribeLink, privacyLink, earlyAccess }: BroadcastEmailProps) {
  return (
    <EmailLayout brand={brand} preview={subject} unsubscribeLink={unsubscribeLink} privacyLink={privacyLink}>
      <Heading as="h1" style={{ fontSize: 24, margin: '0 0 12px' }}>
        {subject}
      </Heading>
      <Section style={{ color: '#111827', fontSize: 16, lineHeight: '24px' }}>
        <div dangerouslySetInnerHTML={{ __html: html }} />
      </Section>
      {earlyAccess && (
        <>
          <Text style={emailText}>Your personal early-access code:</Text>
          <Text style={{ ...emailText, fontSize: 28, fontWeight: 700, letterSpacing: 4, textAlign: 'center' }}>{earlyAccess.code}</Text>
          <Button href={earlyAccess.downloadLink} style={emailButton}>
            Get the app
          </Button>
          <Text style={emailText}>To redeem it, open the app, tap "I have an early-access code" and enter the code above. It works once, for you.</Text>
        </>
      )}
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
