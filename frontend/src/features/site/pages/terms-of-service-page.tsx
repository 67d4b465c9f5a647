import { brandName } from '@/lib/brand';
import { CompanyDetails, companyLegalName } from '../components/company-details';
import { LegalDocument, LegalLink, type LegalSection } from '../components/legal-document';

// The company's legal name, business ID and address come from the server's configuration
// (COMPANY_LEGAL_NAME, COMPANY_BUSINESS_ID, COMPANY_ADDRESS). TODO(team): have counsel review this text.

function buildSections(product: string): LegalSection[] {
  return [
    {
      id: 'acceptance',
      title: 'Acceptance of terms',
      content: (
        <>
          <p>
            These Terms of Service (&ldquo;Terms&rdquo;) govern your use of the {product} mobile app, this website and the related services (together, the
            &ldquo;Service&rdquo;), provided by {companyLegalName ?? `the company behind ${product}`}, based in Finland (&ldquo;{product}&rdquo;,
            &ldquo;we&rdquo;, &ldquo;us&rdquo;). By creating an account, joining the waitlist or otherwise using the Service, you agree to these Terms. If you
            do not agree, please do not use the Service.
          </p>
          <p>
            If you use the Service on behalf of a team, club or school, you confirm that you are authorised to accept these Terms for it. Our{' '}
            <LegalLink to="/privacy-policy">Privacy Policy</LegalLink> explains how we handle personal data. If you download the app from the App Store or
            Google Play, that store&apos;s terms also apply to the download.
          </p>
          <p>
            We may update these Terms as the Service develops. We will tell you about significant changes by email or in the app before they take effect; if you
            keep using the Service after that, the updated Terms apply.
          </p>
        </>
      ),
    },
    {
      id: 'accounts',
      title: 'Accounts',
      content: (
        <>
          <ul>
            <li>You must give accurate information when you sign up and keep it up to date.</li>
            <li>
              <strong>If you are under 15, you may create an account only with the consent of a parent or guardian</strong>, who accepts these Terms on your
              behalf and is responsible for your use of the Service.
            </li>
            <li>
              Your account is personal. Keep your login details safe and tell us straight away if you think someone else has used your account. You are
              responsible for activity on your account.
            </li>
            <li>
              Early-access codes, promo codes and referral links are personal to you. They cannot be sold or transferred, and we may cancel codes or referral
              credits obtained through fake sign-ups or other abuse.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'use',
      title: 'Use of the service',
      content: (
        <>
          <p>
            We grant you a personal, non-exclusive, non-transferable and revocable right to use the Service for your own basketball training or, for coaches,
            for training the players you work with. When you use the Service you agree to:
          </p>
          <ul>
            <li>record only yourself, or people who have agreed to be filmed (for anyone under 13, with the permission of their parent or guardian);</li>
            <li>not upload content that is unlawful, harmful or infringes anyone else&apos;s rights;</li>
            <li>
              not copy, modify, reverse engineer, scrape or resell the Service, or try to extract its models or source code, except where the law expressly
              allows it;
            </li>
            <li>not interfere with the Service&apos;s security or performance, or try to access other users&apos; data;</li>
            <li>not misuse the AI coach, for example by trying to make it produce harmful content.</li>
          </ul>
          <p>
            Basketball is a physical activity. Warm up, train within your abilities, place your phone where it cannot be hit or cause anyone to trip, and stop
            if you feel pain.
          </p>
        </>
      ),
    },
    {
      id: 'intellectual-property',
      title: 'Intellectual property',
      content: (
        <>
          <p>
            The Service, including its software, models, design, text, graphics and the {product} name and logo, belongs to us or our licensors and is protected
            by intellectual property laws. These Terms do not give you any rights to it beyond the right to use the Service described above.
          </p>
          <p>
            <strong>Your content stays yours.</strong> You keep all rights to the videos, messages and other content you provide. You give us a non-exclusive,
            worldwide, royalty-free licence to host, store, process and analyse that content only as needed to provide and improve the Service as described in
            our <LegalLink to="/privacy-policy">Privacy Policy</LegalLink>. The licence ends when your content is deleted from our systems.
          </p>
          <p>If you send us ideas or feedback, we may use them to improve the Service without any obligation to you.</p>
        </>
      ),
    },
    {
      id: 'termination',
      title: 'Termination',
      content: (
        <>
          <p>
            You can stop using the Service at any time and ask us to delete your account and data through our <LegalLink to="/contact">contact page</LegalLink>.
          </p>
          <p>
            We may suspend or close your account if you seriously or repeatedly break these Terms, if the law requires us to, or if we stop offering the Service
            or the alpha programme. Where reasonable, we will give you notice and a chance to download your data first. Sections that by their nature should
            continue, such as intellectual property, disclaimers, limitation of liability and governing law, survive termination.
          </p>
        </>
      ),
    },
    {
      id: 'disclaimers',
      title: 'Disclaimers',
      content: (
        <>
          <p>
            {product} is in active development. During the alpha and private launch, features may change, be unavailable or be removed, and the Service may
            contain errors. To the extent permitted by law, the Service is provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;.
          </p>
          <p>
            Shot analysis and coaching are generated automatically from video and may be inaccurate. They are training guidance, not medical, physiotherapy or
            other professional advice, and we do not guarantee any particular improvement in your results. If you have an injury or a health condition, ask a
            qualified professional before training.
          </p>
          <p>Nothing in these Terms limits the rights you have as a consumer under mandatory law.</p>
        </>
      ),
    },
    {
      id: 'limitation-of-liability',
      title: 'Limitation of liability',
      content: (
        <>
          <p>To the fullest extent permitted by law:</p>
          <ul>
            <li>we are not liable for indirect or consequential losses, such as loss of profits, opportunities or data; and</li>
            <li>
              <strong>
                our total liability to you for all claims arising from the Service is limited to the amount you have paid us for the Service in the 12 months
                before the event giving rise to the claim.
              </strong>
            </li>
          </ul>
          <p>
            These limits do not apply to liability that cannot be limited or excluded by law, including liability for damage caused intentionally or through
            gross negligence, for death or personal injury caused by our negligence, or under mandatory consumer protection law.
          </p>
        </>
      ),
    },
    {
      id: 'governing-law',
      title: 'Governing law',
      content: (
        <>
          <p>
            These Terms are governed by the laws of <strong>Finland</strong>, without regard to its conflict-of-law rules. If you are a consumer, you also keep
            the protection of the mandatory laws of the country where you live.
          </p>
          <p>
            We would like to resolve any disagreement with you directly first, so please contact us. Disputes that cannot be settled by negotiation are decided
            by the Helsinki District Court. As a consumer you may instead bring a claim before the courts of your home country within the EU and, if you live in
            Finland, refer the dispute to the Finnish Consumer Disputes Board (<LegalLink to="https://www.kuluttajariita.fi/en/">kuluttajariita.fi</LegalLink>)
            after first contacting the Consumer Advisory Services.
          </p>
        </>
      ),
    },
    {
      id: 'contact',
      title: 'Contact',
      content: (
        <>
          <p>
            Questions about these Terms, or about the Service in general? Reach us through our <LegalLink to="/contact">contact page</LegalLink> and we will get
            back to you as soon as possible. Our team is based in Finland and we answer in English or Finnish.
          </p>
          <CompanyDetails privacyContact={false} />
        </>
      ),
    },
  ];
}

export function TermsOfServicePage() {
  return (
    <LegalDocument
      title="Terms of Service"
      related={{ to: '/privacy-policy', label: 'Privacy Policy' }}
      intro={
        <p>
          Welcome to {brandName}. These Terms set out the rules for using our app and website and what you can expect from us. Please read them carefully; the
          short version is: train hard, respect other people and their videos, and remember that the app is still an early version.
        </p>
      }
      sections={buildSections(brandName)}
    />
  );
}

export default TermsOfServicePage;
