import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { emailButton, EmailLayout, emailText } from '@swishly/platform';
import type { PrivacyRequestKind } from '../privacy.events';

export interface PrivacyRequestEmailProps {
  brand: string;
  kind: PrivacyRequestKind;
  link: string;
  hours: number;
  privacyLink?: string;
}

/** The link that carries out a privacy request made on /privacy-request (an answer to the person's own request: no unsubscribe). */
export function PrivacyRequestEmail({ brand, kind, link, hours, privacyLink }: PrivacyRequestEmailProps) {
  const erasure = kind === 'erasure';
  return (
    <EmailLayout
      brand={brand}
      privacyLink={privacyLink}
      preview={erasure ? `Confirm that we should delete your ${brand} data` : `Your copy of your ${brand} data`}
    >
      <Heading as="h1" style={{ fontSize: 22, margin: '0 0 12px' }}>
        {erasure ? 'Delete your data?' : 'Your copy of your data'}
      </Heading>
      <Text style={emailText}>
        {erasure
          ? `Someone asked us to delete everything ${brand} holds about this email address: your place on the waitlist, your messages, your shot analyses and your chats with the coach. Open the link to confirm. Deleting can't be undone.`
          : `Someone asked for a copy of everything ${brand} holds about this email address. Open the link to download it.`}
      </Text>
      <Button href={link} style={emailButton}>
        {erasure ? 'Review and delete my data' : 'Download my data'}
      </Button>
      <Text style={{ ...emailText, color: '#4b5563' }}>
        The link works once, for {hours} hours. Didn't ask for this? You can ignore this email: nothing happens without the link.
      </Text>
    </EmailLayout>
  );
}

PrivacyRequestEmail.PreviewProps = {
  brand: 'Swishly',
  kind: 'erasure',
  link: 'http://localhost:3000/privacy-request?token=example',
  hours: 24,
} satisfies PrivacyRequestEmailProps;
