import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { emailButton, EmailLayout, emailText } from '@swishly/platform';

export interface AdmissionInviteEmailProps {
  brand: string;
  firstName: string;
  code: string;
  downloadLink: string;
  /** Not on the invite itself: it is the service the member queued for, not news. */
  unsubscribeLink?: string;
  privacyLink?: string;
}

/** The invite of an admitted member: their own early-access code, where to get the app, how to redeem. */
export function AdmissionInviteEmail({ brand, firstName, code, downloadLink, unsubscribeLink, privacyLink }: AdmissionInviteEmailProps) {
  return (
    <EmailLayout brand={brand} preview={`You're in: your ${brand} early-access code`} unsubscribeLink={unsubscribeLink} privacyLink={privacyLink}>
      <Heading as="h1" style={{ fontSize: 24, margin: '0 0 12px' }}>
        You're in, {firstName}!
      </Heading>
      <Text style={emailText}>Your wait is over: here is your personal early-access code for {brand}.</Text>
      <Text style={{ ...emailText, fontSize: 28, fontWeight: 700, letterSpacing: 4, textAlign: 'center' }}>{code}</Text>
      <Button href={downloadLink} style={emailButton}>
        Get the app
      </Button>
      <Text style={emailText}>To redeem it, open the app, tap "I have an early-access code" and enter the code above. It works once, for you.</Text>
    </EmailLayout>
  );
}

AdmissionInviteEmail.PreviewProps = {
  brand: 'Swishly',
  firstName: 'Alex',
  code: 'K7QX2M9P',
  downloadLink: 'http://localhost:3000/download',
  unsubscribeLink: 'http://localhost:3000/unsubscribe?token=example',
  privacyLink: 'http://localhost:3000/privacy-request',
} satisfies AdmissionInviteEmailProps;
