import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { emailButton, EmailLayout, emailText } from '@swishly/platform';

export interface ShotLinkEmailProps {
  brand: string;
  firstName: string;
  /** The analysis page with the claimer's token. */
  analysisLink: string;
  privacyLink?: string;
}

/** The claimer's link to their analysis, sent when their address is typed on the shot's form again. */
export function ShotLinkEmail({ brand, firstName, analysisLink, privacyLink }: ShotLinkEmailProps) {
  return (
    <EmailLayout brand={brand} privacyLink={privacyLink} preview="The link to your shot analysis">
      <Heading as="h1" style={{ fontSize: 24, margin: '0 0 12px' }}>
        Here's your shot analysis, {firstName}
      </Heading>
      <Text style={emailText}>Someone (we hope you) asked for your shot analysis again. This button opens it and your chat with the {brand} coach.</Text>
      <Button href={analysisLink} style={emailButton}>
        Open my shot analysis
      </Button>
      <Text style={emailText}>Keep this email to yourself: the link is what opens your analysis. If you did not ask for it, you can ignore this email.</Text>
    </EmailLayout>
  );
}

ShotLinkEmail.PreviewProps = {
  brand: 'Swishly',
  firstName: 'Alex',
  analysisLink: 'http://localhost:3000/shot-feedback/SHOT001?token=example',
} satisfies ShotLinkEmailProps;
