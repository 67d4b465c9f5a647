import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { EmailLayout, emailButton, emailText } from '@swishly/platform';

export interface WebhookPausedEmailProps {
  brand: string;
  url: string;
  failingSince: string;
  pageLink: string;
}

/** To staff: an endpoint failed every attempt for a day and was paused; its deliveries wait for them. */
export function WebhookPausedEmail({ brand, url, failingSince, pageLink }: WebhookPausedEmailProps) {
  return (
    <EmailLayout brand={brand} preview="A webhook endpoint was paused">
      <Heading as="h1" style={{ fontSize: 22, margin: '0 0 12px' }}>
        A webhook endpoint was paused
      </Heading>
      <Text style={{ ...emailText, wordBreak: 'break-all' }}>
        Every delivery to {url} has failed since {failingSince}, so we paused it.
      </Text>
      <Text style={emailText}>
        Nothing is lost: its deliveries wait, and go out when you resume the endpoint. Check the delivery log for the answers it gave, fix the receiver, then
        resume it.
      </Text>
      <Button href={pageLink} style={emailButton}>
        Open Integrations
      </Button>
    </EmailLayout>
  );
}

WebhookPausedEmail.PreviewProps = {
  brand: 'Swishly',
  url: 'https://hooks.example.com/swishly',
  failingSince: '27 Nov 2026, 14:05 UTC',
  pageLink: 'https://swishly.app/admin/integrations',
} satisfies WebhookPausedEmailProps;
