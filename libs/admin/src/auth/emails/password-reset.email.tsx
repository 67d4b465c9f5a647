import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { EmailLayout, emailButton, emailText } from '@swishly/platform';

export interface PasswordResetEmailProps {
  brand: string;
  resetLink: string;
  expiresInMinutes: number;
}

/** To a staff member who asked to reset their admin password. */
export function PasswordResetEmail({ brand, resetLink, expiresInMinutes }: PasswordResetEmailProps) {
  return (
    <EmailLayout brand={brand} preview={`Reset your ${brand} admin password`}>
      <Heading as="h1" style={{ fontSize: 22, margin: '0 0 12px' }}>
        Reset your password
      </Heading>
      <Text style={emailText}>
        Someone (hopefully you) asked to reset the password of your {brand} admin account. The link works once and expires in {expiresInMinutes} minutes.
      </Text>
      <Button href={resetLink} style={emailButton}>
        Choose a new password
      </Button>
      <Text style={{ ...emailText, color: '#4b5563', fontSize: 14 }}>If you did not ask for this, ignore this email: your password stays as it is.</Text>
      <Text style={{ ...emailText, color: '#4b5563', fontSize: 12, wordBreak: 'break-all' }}>{resetLink}</Text>
    </EmailLayout>
  );
}

PasswordResetEmail.PreviewProps = {
  brand: 'Swishly',
  resetLink: 'https://swishly.app/admin/login?mode=reset&token=example-token',
  expiresInMinutes: 60,
} satisfies PasswordResetEmailProps;
