import { brandName } from '@/lib/brand';
import { LegalDocument, type LegalSection } from '../components/legal-document';
import { HowWeUseData, SharingYourData, WhatWeCollect, WhoWeAre } from '../components/privacy-policy/privacy-data-sections';
import { Children, DataRetention, PolicyChanges, Security, YourRights } from '../components/privacy-policy/privacy-rights-sections';

// "Who we are" names the company and its privacy contact from the server's configuration
// (COMPANY_LEGAL_NAME, COMPANY_BUSINESS_ID, COMPANY_ADDRESS, PRIVACY_EMAIL).
// TODO(team): have counsel review this text.

function buildSections(product: string): LegalSection[] {
  return [
    { id: 'who-we-are', title: 'Who we are', content: <WhoWeAre product={product} /> },
    { id: 'what-we-collect', title: 'What we collect', content: <WhatWeCollect /> },
    { id: 'how-we-use-data', title: 'How we use your data', content: <HowWeUseData /> },
    { id: 'sharing', title: 'Sharing your data', content: <SharingYourData product={product} /> },
    { id: 'your-rights', title: 'Your rights', content: <YourRights /> },
    { id: 'security', title: 'Security', content: <Security /> },
    { id: 'children', title: 'Children', content: <Children product={product} /> },
    { id: 'retention', title: 'Data retention', content: <DataRetention /> },
    { id: 'changes', title: 'Changes to this policy', content: <PolicyChanges /> },
  ];
}

export function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      related={{ to: '/terms-of-service', label: 'Terms of Service' }}
      intro={
        <p>
          This policy explains what personal data {brandName} collects when you use our app and website, why we collect it, who we share it with and the choices
          and rights you have. We wrote it to be read, not skimmed past: if anything is unclear, just ask us.
        </p>
      }
      sections={buildSections(brandName)}
    />
  );
}

export default PrivacyPolicyPage;
