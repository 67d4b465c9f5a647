import { PrivacyEmailAlternative } from '../company-details';
import { privacyFacts } from '@/lib/site-config';
import { LegalLink } from '../legal-document';

// Privacy Policy sections 5-9: rights, security, children, retention and changes.
// The text keeps the line breaks it had in the page (not reflowed to 140 columns): a reflow moves
// {' '} and so splits the text into other text nodes, which shifts a few glyphs by a subpixel.

const months = (n: number) => `${n} ${n === 1 ? 'month' : 'months'}`;
const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;
const hours = (n: number) => `${n} ${n === 1 ? 'hour' : 'hours'}`;

/** The GDPR rights and how to use them. */
export function YourRights() {
  const { retention } = privacyFacts();
  return (
    <>
      <p>Under the GDPR you have the right to:</p>
      <ul>
        <li>access the personal data we hold about you and receive a copy of it;</li>
        <li>have inaccurate data corrected;</li>
        <li>have your data erased (&ldquo;the right to be forgotten&rdquo;);</li>
        <li>restrict how we process your data;</li>
        <li>receive the data you gave us in a machine-readable format (data portability);</li>
        <li>object to processing based on our legitimate interests, and at any time to direct marketing;</li>
        <li>withdraw your consent at any time, without affecting processing that took place before.</li>
      </ul>
      <p>
        To get a copy of your data or have it deleted, use our <LegalLink to="/privacy-request">privacy request page</LegalLink>: we email your address a link,
        valid for {hours(retention.privacyRequestHours)}, that carries out the request at once. Every email we send you links to that page, and every waitlist
        email has a one-click unsubscribe link: once you use it we send you no more news or announcements, only the emails you ask for yourself.
      </p>
      <p>
        To use any of the other rights, contact us through our <LegalLink to="/contact">contact page</LegalLink>
        <PrivacyEmailAlternative />. It is free. We may ask you to confirm your identity, and we will respond within one month (extendable by two further months
        for complex requests, in which case we will tell you why).
      </p>
      <p>
        If you believe we have handled your data unlawfully, you may lodge a complaint with the Office of the Data Protection Ombudsman in Finland (
        <LegalLink to="https://tietosuoja.fi/en">tietosuoja.fi</LegalLink>) or with the supervisory authority of the EU country where you live or work.
      </p>
    </>
  );
}

/** How data is protected, and breach notification. */
export function Security() {
  return (
    <>
      <p>
        We protect your data with technical and organisational measures appropriate to the risk, including encrypted connections (TLS), access limited to the
        people who need it, hashed staff passwords, secure session handling, security logging and regular backups. Our service providers are bound to comparable
        standards.
      </p>
      <p>
        No system is completely secure. If a personal data breach is likely to put your rights at risk, we will notify the Data Protection Ombudsman within 72
        hours of becoming aware of it and, where the risk is high, inform you without undue delay.
      </p>
    </>
  );
}

/** The age the Service is for (Finland's age of consent to online services), and younger players' parents or guardians. */
export function Children({ product }: { product: string }) {
  return (
    <>
      <p>
        {product} is built for players from youth to elite level, so we take the privacy of young players seriously.{' '}
        <strong>The Service is for players aged 13 and over</strong>: in Finland, 13 is the age from which you can agree yourself to an online service using
        your data (Data Protection Act 1050/2018, section 5). We do not ask your age when you sign up, so we rely on you: if you are under 13, ask a parent or
        guardian to sign up for you.
      </p>
      <p>
        <strong>A player under 13 uses the Service through a parent or guardian</strong>, who signs up with their own name and email address, decides whether to
        receive our news, and asks for a copy or the deletion of the data on the <LegalLink to="/privacy-request">privacy request page</LegalLink>. Our Terms of
        Service also ask a parent or guardian to agree to an account for a player under 15. If we learn that a child under 13 gave us personal data without a
        parent or guardian, we will delete it promptly. Please record only yourself, or people who have agreed to be filmed; for anyone under 13, that means
        their parent or guardian has agreed.
      </p>
    </>
  );
}

/** How long each kind of data is kept: the periods the server's settings keep (RETENTION_*), stated from them. */
export function DataRetention() {
  const { retention } = privacyFacts();
  return (
    <>
      <p>We keep personal data only as long as we need it for the purposes above, and delete it automatically when its period ends:</p>
      <ul>
        <li>
          <strong>Waitlist and early-access details:</strong> until you ask us to delete them (on the{' '}
          <LegalLink to="/privacy-request">privacy request page</LegalLink>), or until we close the waitlist, whichever comes first.
        </li>
        <li>
          <strong>Account, shooting videos and analyses:</strong> while your account is active. When you delete your account or ask us to, we delete them within
          one month; copies in our backups are overwritten within a further 90 days.
        </li>
        <li>
          <strong>Coach conversations:</strong> {months(retention.coachConversationMonths)} after your last message, after which they are deleted, or sooner
          when you ask us to delete them.
        </li>
        <li>
          <strong>Messages to us:</strong> {months(retention.contactMessageMonths)} after you sent them, together with our record of the email that passed your
          message on to our team.
        </li>
        <li>
          <strong>Emails we send you:</strong> their content for {days(retention.mailBodyDays)}; a record of which email went to you and when, for{' '}
          {months(retention.mailLogMonths)}, or until your other data is deleted if that comes first.
        </li>
        <li>
          <strong>Privacy requests:</strong> a request nobody confirms is deleted, with the address typed, when its link expires after{' '}
          {hours(retention.privacyRequestHours)}. A request you confirmed is kept with your other data, as our record of what we did, and deleted with it.
        </li>
        <li>
          <strong>IP addresses:</strong> never stored with your data. They count against rate limits, as a one-way code, for at most a day (most for a few
          minutes), and staff sign-in records keep theirs for {days(retention.sessionAddressDays)}.
        </li>
        <li>
          <strong>Download-button clicks:</strong> each click (which page, which store, and a code of your browser that changes every day and cannot be traced
          back to you) for {days(retention.downloadClickDays)}; after that only in aggregated daily counts that do not identify you.
        </li>
        <li>
          <strong>An unsubscribe, a bounce or a complaint:</strong> we keep a one-way code of the address (not the address itself), so that we never email it
          again after you asked us not to, even after your other data is deleted.
        </li>
        <li>
          <strong>Bookkeeping records:</strong> as long as the Finnish Accounting Act requires.
        </li>
      </ul>
    </>
  );
}

/** How changes to the policy are announced. */
export function PolicyChanges() {
  return (
    <>
      <p>
        We may update this policy as the Service develops, for example when new features such as progress tracking or coach dashboards launch. The date at the
        top shows when it last changed. If we make a significant change, we will tell you by email or in the app before it takes effect and, where the law
        requires it, ask for your consent again.
      </p>
      <p>
        Questions about this policy are always welcome through our <LegalLink to="/contact">contact page</LegalLink>.
      </p>
    </>
  );
}
