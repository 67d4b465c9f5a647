import { Button } from '@react-email/button';
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import { emailButton, EmailLayout, emailText } from '@swishly/platform';

export interface EventClaimEmailProps {
  brand: string;
  firstName: string;
  /** Null when early access was closed at the time: then the email is the booth's welcome only. */
  accessCode: string | null;
  /** Null when the address was already on the waitlist. */
  waitlistPosition: number | null;
  analysisLink: string;
  referralLink: string | null;
  confirmLink: string | null;
  /** One-click unsubscribe: the booth's email is its welcome to the waitlist. */
  unsubscribeLink?: string;
  privacyLink?: string;
}

/** The booth's email (spec §7 welcome-email with fromEvent 'HBF'). */
export function EventClaimEmail({
  brand,
  firstName,
  accessCode,
  waitlistPosition,
  analysisLink,
  referralLink,
  confirmLink,
  unsubscribeLink,
  privacyLink,
}: EventClaimEmailProps) {
  return (
    <EmailLayout
      brand={brand}
      unsubscribeLink={unsubscribeLink}
      privacyLink={privacyLink}
      preview={accessCode ? `Your ${brand} early-access code: ${accessCode}` : `Your shot analysis from the Helsinki Basketball Festival`}
    >
      <Heading as="h1" style={{ fontSize: 24, margin: '0 0 12px' }}>
        Great shooting at the festival, {firstName}!
      </Heading>
      <Text style={emailText}>Thanks for stopping by the {brand} booth at the Helsinki Basketball Festival. Your shot analysis is ready.</Text>
      <Button href={analysisLink} style={emailButton}>
        See my shot analysis
      </Button>
      {accessCode && (
        <>
          <Heading as="h2" style={{ fontSize: 18, margin: '28px 0 8px' }}>
            Your early-access code
          </Heading>
          <Text style={{ ...emailText, fontSize: 22, fontWeight: 700, letterSpacing: 2 }}>{accessCode}</Text>
          <Text style={emailText}>Enter it in the {brand} app to start training. Early-access members use the app free during the private launch.</Text>
        </>
      )}
      {waitlistPosition !== null && (
        <>
          <Heading as="h2" style={{ fontSize: 18, margin: '28px 0 8px' }}>
            You're on the waitlist
          </Heading>
          <Text style={emailText}>
            You're <strong>#{waitlistPosition}</strong> on the {brand} waitlist, and we'll let you know when we launch.
            {confirmLink && (
              <>
                {' '}
                Please <Link href={confirmLink}>confirm your email</Link> so we can save your spot.
              </>
            )}
          </Text>
          {referralLink && (
            <Text style={{ ...emailText, wordBreak: 'break-all' }}>
              Invite your teammates: <Link href={referralLink}>{referralLink}</Link>
            </Text>
          )}
        </>
      )}
    </EmailLayout>
  );
}

EventClaimEmail.PreviewProps = {
  brand: 'Swishly',
  firstName: 'Alex',
  accessCode: 'K7QX2M9P',
  waitlistPosition: 128,
  analysisLink: 'http://localhost:3000/hbf-feedback/HBF001',
  referralLink: 'http://localhost:3000/shotanalysis?ref=Q2W3E4R5',
  confirmLink: 'http://localhost:3000/shotanalysis?confirm=example',
} satisfies EventClaimEmailProps;
