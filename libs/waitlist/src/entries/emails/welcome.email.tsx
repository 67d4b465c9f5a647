import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { emailButton, EmailLayout, EmailTemplate, emailText } from '@swishly/platform';

export interface WelcomeEmailProps {
  brand: string;
  firstName: string;
  position: number;
  referralLink: string;
  confirmLink: string;
  statusLink: string;
  /** A repeat request: the person tried to sign up again before confirming. */
  reminder?: boolean;
  /** The one reminder to a member who has not confirmed CONFIRMATION_REMINDER_HOURS after joining. */
  confirmationReminder?: boolean;
  /** The member asked for a fresh "check your position" link (from an old one). */
  statusLinkOnly?: boolean;
  /** Spec §7 fromEvent 'ShotAnalysis': the person joined from the web shot flow; their analysis is at analysisLink. */
  fromEvent?: 'ShotAnalysis';
  analysisLink?: string;
  /** One-click unsubscribe, shown in the welcome and the reminder (not the status link, which answers the member's own request). */
  unsubscribeLink: string;
  /** The privacy request page (the same for everyone: not a slot). */
  privacyLink?: string;
}

export function WelcomeEmail({
  brand,
  firstName,
  position,
  referralLink,
  confirmLink,
  statusLink,
  reminder,
  confirmationReminder,
  statusLinkOnly,
  fromEvent,
  analysisLink,
  unsubscribeLink,
  privacyLink,
}: WelcomeEmailProps) {
  const preview = statusLinkOnly
    ? `Your link to your spot on the ${brand} waitlist`
    : confirmationReminder
      ? `Confirm your email to keep your spot on the ${brand} waitlist`
      : reminder
        ? `Confirm your spot on the ${brand} waitlist`
        : `You're #${position} on the ${brand} waitlist`;
  return (
    <EmailLayout brand={brand} preview={preview} unsubscribeLink={statusLinkOnly ? undefined : unsubscribeLink} privacyLink={privacyLink}>
      <Heading as="h1" style={{ fontSize: 24, margin: '0 0 12px' }}>
        {statusLinkOnly
          ? `Here's your spot, ${firstName}`
          : confirmationReminder
            ? `Your spot is waiting, ${firstName}`
            : reminder
              ? `You're already on the list, ${firstName}!`
              : `You're in, ${firstName}!`}
      </Heading>
      {fromEvent === 'ShotAnalysis' && (
        <Text style={emailText}>
          Thanks for trying the {brand} AI shot analysis. Your analysis and your coach are waiting for you:{' '}
          <Link href={analysisLink}>see my shot analysis</Link>.
        </Text>
      )}
      {statusLinkOnly ? (
        <>
          <Text style={emailText}>
            You asked for a fresh link to check your position on the {brand} waitlist. It is yours alone: please don't share it (share your invite link below
            instead).
          </Text>
          <Button href={statusLink} style={emailButton}>
            See my position
          </Button>
        </>
      ) : confirmationReminder ? (
        <>
          <Text style={emailText}>
            You joined the {brand} waitlist but haven't confirmed your email yet. You're <strong>#{position}</strong>: confirm now to keep your spot and count
            your friends' invites. This is the only reminder we'll send.
          </Text>
          <Button href={confirmLink} style={emailButton}>
            Confirm my email
          </Button>
        </>
      ) : (
        <>
          <Text style={emailText}>
            You're <strong>#{position}</strong> on the {brand} waitlist. Please confirm your email so we can save your spot and count your friends' invites.
          </Text>
          <Button href={confirmLink} style={emailButton}>
            Confirm my email
          </Button>
        </>
      )}
      <Heading as="h2" style={{ fontSize: 18, margin: '28px 0 8px' }}>
        Move up the list
      </Heading>
      <Text style={emailText}>Share your personal link. Every friend who joins through it and confirms their email moves you up the list.</Text>
      <Text style={{ ...emailText, wordBreak: 'break-all' }}>
        <Link href={referralLink}>{referralLink}</Link>
      </Text>
      <Heading as="h2" style={{ fontSize: 18, margin: '28px 0 8px' }}>
        What happens next
      </Heading>
      <Text style={emailText}>
        We're opening {brand} to the waitlist in waves. When it's your turn you'll get an email with your early-access invite, and early-access members use the
        app free during the private launch. You can check your position any time: <Link href={statusLink}>see my position</Link>.
      </Text>
    </EmailLayout>
  );
}

WelcomeEmail.PreviewProps = {
  brand: 'Swishly',
  firstName: 'Alex',
  position: 128,
  referralLink: 'http://localhost:3000/shotanalysis?ref=K7QX2M9P',
  confirmLink: 'http://localhost:3000/shotanalysis?confirm=example',
  statusLink: 'http://localhost:3000/shotanalysis?status=00000000-0000-4000-8000-000000000000.example',
  unsubscribeLink: 'http://localhost:3000/unsubscribe?token=example',
} satisfies WelcomeEmailProps;

/** Rendered once per brand and kind (welcome, reminder or status link), then filled in for each person. */
export const welcomeEmail = new EmailTemplate(WelcomeEmail, [
  'firstName',
  'position',
  'referralLink',
  'confirmLink',
  'statusLink',
  'analysisLink',
  'unsubscribeLink',
]);
