import { brandName } from '@/lib/brand';
import { LegalDocument, LegalLink, type LegalSection } from '../components/legal-document';

// TODO(team): before launch, add the company's legal name, business ID (Y-tunnus), postal
// address and a privacy e-mail address to "Who we are", and have counsel review this text.

function buildSections(product: string): LegalSection[] {
  return [
    {
      id: 'who-we-are',
      title: 'Who we are',
      content: (
        <>
          <p>
            {product} is an AI basketball shooting coach, made up of the {product} mobile app, this website and the
            related services (together, the &ldquo;Service&rdquo;). The Service is provided by the company behind{' '}
            {product}, registered and based in Finland (&ldquo;{product}&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;).
          </p>
          <p>
            We are the <strong>controller</strong> of the personal data described in this policy under the EU General
            Data Protection Regulation (GDPR) and the Finnish Data Protection Act (1050/2018). You can reach us about
            anything in this policy, including requests to exercise your rights, through our{' '}
            <LegalLink to="/contact">contact page</LegalLink>.
          </p>
        </>
      ),
    },
    {
      id: 'what-we-collect',
      title: 'What we collect',
      content: (
        <>
          <p>We collect only what we need to coach you and to run the Service:</p>
          <ul>
            <li>
              <strong>Sign-up details:</strong> your first name and email address when you join the waitlist, claim
              early access or try a shot analysis, together with your waitlist position, your referral code and, if you
              joined through a friend&apos;s link, who referred you.
            </li>
            <li>
              <strong>Shooting videos and analysis:</strong> the video your phone records while you shoot, and the
              data we derive from it, such as body positions and joint angles, release point, balance, makes and
              misses, your shot rating and coaching tips. We use this data to analyse your technique, not to identify
              you.
            </li>
            <li>
              <strong>Conversations with the AI coach:</strong> the messages you send to the coach and its replies.
            </li>
            <li>
              <strong>Messages to us:</strong> your first name, email address, subject and message when you use the
              contact form or email us.
            </li>
            <li>
              <strong>Technical and usage data:</strong> your IP address, device and browser type, the pages you visit
              and clicks on our app-store download buttons (which page the button was on and which store). We keep
              your theme choice (light or dark) in your browser&apos;s local storage; it never leaves your device.
            </li>
          </ul>
          <p>
            We do not ask for special categories of data such as health information. We only use analytics or
            marketing cookies with your consent.
          </p>
        </>
      ),
    },
    {
      id: 'how-we-use-data',
      title: 'How we use your data',
      content: (
        <>
          <p>We use your personal data for the following purposes, each with a legal basis under Article 6 GDPR:</p>
          <ul>
            <li>
              <strong>To provide the Service</strong>, including shot analysis, real-time voice feedback and the AI
              coach chat (performance of a contract, Art. 6(1)(b)).
            </li>
            <li>
              <strong>To manage the waitlist and early access</strong>, including your position, referral credits,
              access codes and the welcome email (performance of a contract, Art. 6(1)(b)).
            </li>
            <li>
              <strong>To send you product news and launch updates</strong> (your consent, Art. 6(1)(a), which you can
              withdraw at any time).
            </li>
            <li>
              <strong>To improve our coaching</strong>: we store coach conversations, with the consent you give when
              you start chatting, and use them and de-identified analysis data to make our feedback more accurate
              (consent, Art. 6(1)(a), and our legitimate interest in improving the Service, Art. 6(1)(f)).
            </li>
            <li>
              <strong>To answer your messages</strong> and provide support (legitimate interests, Art. 6(1)(f)).
            </li>
            <li>
              <strong>To keep the Service secure</strong> and to prevent abuse, such as fake referrals, and to measure
              which download buttons work, using aggregated statistics (legitimate interests, Art. 6(1)(f)).
            </li>
            <li>
              <strong>To meet our legal obligations</strong>, for example bookkeeping (legal obligation, Art. 6(1)(c)).
            </li>
          </ul>
          <p>
            We do not sell your personal data, we do not use it for third-party advertising, and we do not make
            decisions about you based solely on automated processing that have legal or similarly significant effects.
            The AI coach&apos;s feedback is guidance you are free to ignore.
          </p>
        </>
      ),
    },
    {
      id: 'sharing',
      title: 'Sharing your data',
      content: (
        <>
          <p>We share personal data only as described here:</p>
          <ul>
            <li>
              <strong>Service providers</strong> who process data on our behalf under data processing agreements:
              cloud hosting and storage, email delivery, and AI language-model providers that generate the coach&apos;s
              replies. They may use the data only to provide their service to us.
            </li>
            <li>
              <strong>Authorities</strong>, when we are required to by law or need to protect our rights, our users or
              the public.
            </li>
            <li>
              <strong>A buyer or successor</strong>, if {product} is involved in a merger, acquisition or sale of
              assets. We will tell you before your data becomes subject to a different privacy policy.
            </li>
            <li>
              <strong>Anyone you choose</strong>, for example when you share your shot analysis or referral link.
            </li>
          </ul>
          <p>
            We aim to keep your data within the European Economic Area (EEA). If a provider processes it outside the
            EEA, we rely on a European Commission adequacy decision (such as the EU-U.S. Data Privacy Framework) or on
            the Commission&apos;s Standard Contractual Clauses, with additional safeguards where needed. You can ask us
            for a copy of these safeguards.
          </p>
        </>
      ),
    },
    {
      id: 'your-rights',
      title: 'Your rights',
      content: (
        <>
          <p>Under the GDPR you have the right to:</p>
          <ul>
            <li>access the personal data we hold about you and receive a copy of it;</li>
            <li>have inaccurate data corrected;</li>
            <li>have your data erased (&ldquo;the right to be forgotten&rdquo;);</li>
            <li>restrict how we process your data;</li>
            <li>receive the data you gave us in a machine-readable format (data portability);</li>
            <li>
              object to processing based on our legitimate interests, and at any time to direct marketing;
            </li>
            <li>withdraw your consent at any time, without affecting processing that took place before.</li>
          </ul>
          <p>
            To use any of these rights, contact us through our <LegalLink to="/contact">contact page</LegalLink>. It
            is free. We may ask you to confirm your identity, and we will respond within one month (extendable by two
            further months for complex requests, in which case we will tell you why).
          </p>
          <p>
            If you believe we have handled your data unlawfully, you may lodge a complaint with the Office of the Data
            Protection Ombudsman in Finland (<LegalLink to="https://tietosuoja.fi/en">tietosuoja.fi</LegalLink>) or
            with the supervisory authority of the EU country where you live or work.
          </p>
        </>
      ),
    },
    {
      id: 'security',
      title: 'Security',
      content: (
        <>
          <p>
            We protect your data with technical and organisational measures appropriate to the risk, including
            encrypted connections (TLS), access limited to the people who need it, hashed staff passwords, secure
            session handling, security logging and regular backups. Our service providers are bound to comparable
            standards.
          </p>
          <p>
            No system is completely secure. If a personal data breach is likely to put your rights at risk, we will
            notify the Data Protection Ombudsman within 72 hours of becoming aware of it and, where the risk is high,
            inform you without undue delay.
          </p>
        </>
      ),
    },
    {
      id: 'children',
      title: 'Children',
      content: (
        <>
          <p>
            {product} is built for players from youth to elite level, so we take the privacy of young players
            seriously. <strong>Children under 16 need the permission of a parent or guardian</strong> before they
            use the Service or give us any personal data, including shooting videos. Where we rely on consent for a
            child under 16, we ask the parent or guardian to give or authorise it.
          </p>
          <p>
            Parents and guardians can contact us at any time to review, correct or delete their child&apos;s data. If
            we learn that we have collected data from a child under 16 without that permission, we will delete it
            promptly. Please record only yourself, or people who have agreed to be filmed; for anyone under 16, that
            means their parent or guardian has agreed.
          </p>
        </>
      ),
    },
    {
      id: 'retention',
      title: 'Data retention',
      content: (
        <>
          <p>We keep personal data only as long as we need it for the purposes above:</p>
          <ul>
            <li>
              <strong>Waitlist and early-access details:</strong> until you ask us to remove you, or until we close the
              waitlist, whichever comes first.
            </li>
            <li>
              <strong>Account, shooting videos and analyses:</strong> while your account is active. When you delete
              your account or ask us to, we delete them within one month; copies in our backups are overwritten within
              a further 90 days.
            </li>
            <li>
              <strong>Coach conversations:</strong> up to 24 months after your last message, after which they are
              deleted or fully anonymised.
            </li>
            <li>
              <strong>Messages to us:</strong> up to 24 months after we have resolved your request.
            </li>
            <li>
              <strong>Security logs:</strong> up to 90 days. Download-button statistics are kept in aggregated form
              that does not identify you.
            </li>
            <li>
              <strong>Bookkeeping records:</strong> as long as the Finnish Accounting Act requires.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      content: (
        <>
          <p>
            We may update this policy as the Service develops, for example when new features such as progress
            tracking or coach dashboards launch. The date at the top shows when it last changed. If we make a
            significant change, we will tell you by email or in the app before it takes effect and, where the law
            requires it, ask for your consent again.
          </p>
          <p>
            Questions about this policy are always welcome through our <LegalLink to="/contact">contact page</LegalLink>
            .
          </p>
        </>
      ),
    },
  ];
}

export function PrivacyPolicyPage() {

  return (
    <LegalDocument
      title="Privacy Policy"
      related={{ to: '/terms-of-service', label: 'Terms of Service' }}
      intro={
        <p>
          This policy explains what personal data {brandName} collects when you use our app and website, why we
          collect it, who we share it with and the choices and rights you have. We wrote it to be read, not skimmed
          past: if anything is unclear, just ask us.
        </p>
      }
      sections={buildSections(brandName)}
    />
  );
}

export default PrivacyPolicyPage;
