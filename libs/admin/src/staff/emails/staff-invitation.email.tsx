import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { EmailLayout, emailButton, emailText } from '@swishly/platform';

export interface StaffInvitationEmailProps {
  brand: string;
  role: string;
  acceptLink: string;
  expiresInHours: number;
}

/** To someone a staff member invited to the admin with a role. */
export function StaffInvitationEmail({ brand, role, acceptLink, expiresInHours }: StaffInvitationEmailProps) {
  return (
    <EmailLayout brand={brand} preview={`You're invited to the ${brand} admin`}>
      <Heading as="h1" style={{ fontSize: 22, margin: '0 0 12px' }}>
        Join the {brand} admin
      </Heading>
      <Text style={emailText}>
        You have been invited to the {brand} admin with the {role} role. Choose a password to create your account. The link works once and expires in{' '}
        {expiresInHours} hours.
      </Text>
      <Button href={acceptLink} style={emailButton}>
        Accept the invitation
      </Button>
      <Text style={{ ...emailText, color: '#4b5563', fontSize: 14 }}>If you did not expect this, ignore this email: no account is made without you.</Text>
      <Text style={{ ...emailText, color: '#4b5563', fontSize: 12, wordBreak: 'break-all' }}>{acceptLink}</Text>
    </EmailLayout>
  );
}

StaffInvitationEmail.PreviewProps = {
  brand: 'Swishly',
  role: 'editor',
  acceptLink: 'https://swishly.app/admin/invitation?token=example-token',
  expiresInHours: 72,
} satisfies StaffInvitationEmailProps;
