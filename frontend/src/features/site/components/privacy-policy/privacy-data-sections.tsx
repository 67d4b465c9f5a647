import { privacyFacts } from '@/lib/site-config';
import { CompanyDetails, companyLegalName, PrivacyEmailAlternative } from '../company-details';
import { LegalLink } from '../legal-document';

// Privacy Policy sections 1-4: who we are and what we do with personal data.
// The text keeps the line breaks it had in the page (not reflowed to 140 columns): a reflow moves
// {' '} and so splits the text into other text nodes, which shifts a few glyphs by a subpixel.

/** The controller and how to reach us. */
export function WhoWeAre({ product }: { product: string }) {
  return (
    <>
      <p>
        {product} is an AI basketball shooting coach, made up of the {product} mobile app, this website and the related services (together, the
        &ldquo;Service&rdquo;). The Service is provided by {companyLegalName ?? `the company behind ${product}`}, registered and based in Finland (&ldquo;
        {product}&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;).
      </p>
      <p>
        We are the <strong>controller</strong> of the personal data described in this policy under the EU General Data Protection Regulation (GDPR) and the
        Finnish Data Protection Act (1050/2018). You can reach us about anything in this policy, including requests to exercise your rights, through our{' '}
        <LegalLink to="/contact">contact page</LegalLink>
        <PrivacyEmailAlternative />.
      </p>
      <CompanyDetails />
    </>
  );
}

/** The personal data the Service collects. */
export function WhatWeCollect() {
  return (
    <>
      <p>We collect only what we need to coach you and to run the Service:</p>
      <ul>
        <li>
          <strong>Sign-up details:</strong> your first name and email address when you join the waitlist, claim early access or try a shot analysis, together
          with your waitlist position, your referral code and, if you joined through a friend&apos;s link, who referred you.
        </li>
        <li>
          <strong>Shooting videos and analysis:</strong> the video your phone records while you shoot, and the data we derive from it, such as body positions
          and joint angles, release point, balance, makes and misses, your shot rating and coaching tips. We use this data to analyse your technique, not to
          identify you.
        </li>
        <li>
          <strong>Conversations with the AI coach:</strong> the messages you send to the coach and its replies.
        </li>
        <li>
          <strong>Privacy requests:</strong> the email address you type on our privacy request page and what you asked for (a copy or a deletion).
        </li>
        <li>
          <strong>Messages to us:</strong> your first name, email address, subject and message when you use the contact form or email us.
        </li>
        <li>
          <strong>Technical and usage data:</strong> your IP address, device and browser type, the pages you visit and clicks on our app-store download buttons
          (which page the button was on and which store). We keep your theme choice (light or dark) in your browser&apos;s local storage; it never leaves your
          device.
        </li>
      </ul>
      <p>We do not ask for special categories of data such as health information. We only use analytics or marketing cookies with your consent.</p>
    </>
  );
}

/** Purposes and their legal bases (Art. 6 GDPR). */
export function HowWeUseData() {
  return (
    <>
      <p>We use your personal data for the following purposes, each with a legal basis under Article 6 GDPR:</p>
      <ul>
        <li>
          <strong>To provide the Service</strong>, including shot analysis, real-time voice feedback and the AI coach chat (performance of a contract, Art.
          6(1)(b)). The coach reads your questions with your shot analysis to answer them, and we keep the conversation so that the coach can follow it and you
          can come back to it. You can have it deleted at any time on the <LegalLink to="/privacy-request">privacy request page</LegalLink>.
        </li>
        <li>
          <strong>To manage the waitlist and early access</strong>, including your position, referral credits, access codes and the welcome email (performance
          of a contract, Art. 6(1)(b)).
        </li>
        <li>
          <strong>To send you product news and launch updates</strong> (your consent, Art. 6(1)(a), which you can withdraw at any time).
        </li>
        <li>
          <strong>To improve our coaching</strong>: we use de-identified analysis data, never your name, email address or conversations with the coach, to make
          our feedback more accurate (our legitimate interest in improving the Service, Art. 6(1)(f)).
        </li>
        <li>
          <strong>To answer your privacy requests</strong>: we email the link that carries out a request only to an address we already hold data under (legal
          obligation, Art. 6(1)(c)).
        </li>
        <li>
          <strong>To answer your messages</strong> and provide support (legitimate interests, Art. 6(1)(f)).
        </li>
        <li>
          <strong>To keep the Service secure</strong> and to prevent abuse, such as fake referrals, and to measure which download buttons work, using aggregated
          statistics (legitimate interests, Art. 6(1)(f)).
        </li>
        <li>
          <strong>To meet our legal obligations</strong>, for example bookkeeping (legal obligation, Art. 6(1)(c)).
        </li>
      </ul>
      <p>
        We do not sell your personal data, we do not use it for third-party advertising, and we do not make decisions about you based solely on automated
        processing that have legal or similarly significant effects. The AI coach&apos;s feedback is guidance you are free to ignore.
      </p>
    </>
  );
}

/** Who receives data, and transfers outside the EEA. */
export function SharingYourData({ product }: { product: string }) {
  const processors = privacyFacts();
  return (
    <>
      <p>We share personal data only as described here:</p>
      <ul>
        <li>
          <strong>Service providers</strong> who process data on our behalf under data processing agreements: cloud hosting and storage; email delivery (
          {processors.emailProvider}, which receives your address and the emails we send you)
          {processors.aiProvider ? (
            <>
              ; and the AI language-model provider that writes the coach&apos;s replies ({processors.aiProvider}, which receives your questions and your shot
              analysis, never your name or email address)
            </>
          ) : null}
          . They may use the data only to provide their service to us.
        </li>
        <li>
          <strong>Authorities</strong>, when we are required to by law or need to protect our rights, our users or the public.
        </li>
        <li>
          <strong>A buyer or successor</strong>, if {product} is involved in a merger, acquisition or sale of assets. We will tell you before your data becomes
          subject to a different privacy policy.
        </li>
        <li>
          <strong>Anyone you choose</strong>, for example when you share your shot analysis or referral link.
        </li>
      </ul>
      <p>
        We aim to keep your data within the European Economic Area (EEA). If a provider processes it outside the EEA, we rely on a European Commission adequacy
        decision (such as the EU-U.S. Data Privacy Framework) or on the Commission&apos;s Standard Contractual Clauses, with additional safeguards where needed.
        You can ask us for a copy of these safeguards.
      </p>
    </>
  );
}
