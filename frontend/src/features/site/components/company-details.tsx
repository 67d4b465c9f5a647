import type { ReactNode } from 'react';
import { siteConfig } from '@/lib/site-config';
import { LegalLink } from './legal-document';

// The company behind the site on the legal pages: what staff configured (COMPANY_LEGAL_NAME,
// COMPANY_BUSINESS_ID, COMPANY_ADDRESS, PRIVACY_EMAIL), and nothing made up where they did not.

const { legalName, businessId, address, privacyEmail } = siteConfig.company;

/** The company's registered name, when configured. */
export const companyLegalName = legalName;

/** "…or by email at privacy@…" after a mention of the contact page, when a privacy address is configured. */
export function PrivacyEmailAlternative() {
  if (!privacyEmail) return null;
  return (
    <>
      {' '}
      or by email at <LegalLink to={`mailto:${privacyEmail}`}>{privacyEmail}</LegalLink>
    </>
  );
}

/** Name, business ID, address and privacy contact as a list; without them, where to ask for them. */
export function CompanyDetails({ privacyContact = true }: { privacyContact?: boolean }) {
  const rows: [string, ReactNode][] = [];
  if (legalName) rows.push(['Company', legalName]);
  if (businessId) rows.push(['Business ID', businessId]);
  if (address) rows.push(['Registered address', address]);
  if (privacyContact && privacyEmail) rows.push(['Privacy contact', <LegalLink to={`mailto:${privacyEmail}`}>{privacyEmail}</LegalLink>]);

  if (!legalName && !businessId && !address) {
    return (
      <p data-testid="company-details">
        Our company&apos;s registered name, business ID and address are not listed here yet. Ask us for them through our{' '}
        <LegalLink to="/contact">contact page</LegalLink>
        <PrivacyEmailAlternative /> and we will send them to you.
      </p>
    );
  }
  return (
    <dl
      className="grid gap-x-6 gap-y-1 rounded-xl border border-border bg-surface p-5 text-base leading-7 sm:grid-cols-[auto_1fr]"
      data-testid="company-details"
    >
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold text-foreground">{term}</dt>
          <dd className="mb-2 break-words sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
