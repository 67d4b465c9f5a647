import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';

/**
 * Mail clients in dark mode that honour prefers-color-scheme (Apple Mail, iOS, Outlook for Mac)
 * get a dark frame instead of inverting the light one; the others show it light. `!important`:
 * the inline styles mail clients need would win otherwise. Links in text turn the brand's lighter
 * orange; buttons (links outside text) keep theirs. React Email's Body repeats the light
 * background on the table cell it wraps the email in: that cell turns dark too.
 */
const DARK_MODE_CSS = `@media (prefers-color-scheme: dark) {
  .email-body, .email-body > table > tbody > tr > td { background-color: #0b0f17 !important; }
  .email-card { background-color: #161b26 !important; }
  .email-card h1, .email-card h2, .email-card h3, .email-card p, .email-card li, .email-card td { color: #e5e7eb !important; }
  .email-card p a, .email-card li a { color: #ff9a5c !important; }
  .email-card p.email-brand { color: #ff9a5c !important; }
  .email-card hr { border-color: #2d3444 !important; }
}`;

/**
 * The frame every email shares: brand header, content, footer. Inline styles: mail clients need
 * them. A marketing email passes its `unsubscribeLink` (the same URL as its List-Unsubscribe header).
 */
export function EmailLayout({
  brand,
  preview,
  unsubscribeLink,
  privacyLink,
  children,
}: {
  brand: string;
  preview: string;
  unsubscribeLink?: string;
  /** The privacy request page (privacyRequestLink): every email to a person links it. */
  privacyLink?: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{DARK_MODE_CSS}</style>
      </Head>
      <EmailPreview text={preview} />
      <Body className="email-body" style={{ backgroundColor: '#f4f5f7', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' }}>
        <Container className="email-card" style={{ backgroundColor: '#ffffff', borderRadius: 12, maxWidth: 560, padding: '32px 32px 24px' }}>
          <Text className="email-brand" style={{ color: '#f26b1d', fontSize: 22, fontWeight: 700, margin: '0 0 16px' }}>
            {brand}
          </Text>
          <Section>{children}</Section>
          <Hr style={{ borderColor: '#e5e7eb', margin: '28px 0 12px' }} />
          <Text style={{ color: '#6b7280', fontSize: 12, lineHeight: '18px', margin: 0 }}>
            {brand} · AI basketball shooting coach · Finland. You get this email because this address was entered on our site.
          </Text>
          {privacyLink ? (
            <Text style={{ color: '#6b7280', fontSize: 12, lineHeight: '18px', margin: '8px 0 0' }}>
              Want a copy of your data, or want it deleted?{' '}
              <Link href={privacyLink} style={{ color: '#6b7280', textDecoration: 'underline' }}>
                Make a privacy request
              </Link>
            </Text>
          ) : null}
          {unsubscribeLink ? (
            <Text style={{ color: '#6b7280', fontSize: 12, lineHeight: '18px', margin: '8px 0 0' }}>
              Don't want these emails?{' '}
              <Link href={unsubscribeLink} style={{ color: '#6b7280', textDecoration: 'underline' }}>
                Unsubscribe
              </Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

export const emailText = { color: '#111827', fontSize: 16, lineHeight: '24px' } as const;
export const emailButton = {
  backgroundColor: '#f26b1d',
  borderRadius: 8,
  color: '#ffffff',
  display: 'inline-block',
  fontSize: 16,
  fontWeight: 700,
  padding: '12px 20px',
  textDecoration: 'none',
} as const;

/** Zero-width and non-breaking spaces: mail clients show them as nothing in the inbox preview. */
const PREVIEW_FILLER = '\u00a0\u200c\u200b\u200d\u200e\u200f\ufeff'.repeat(110);

/**
 * The inbox preview line, hidden in the email itself, then filler so the inbox shows nothing of
 * the body after it. Like @react-email's Preview, but with filler of a fixed length (not 150
 * less the text's), so that a template rendered once can be filled in for each email.
 */
function EmailPreview({ text }: { text: string }) {
  return (
    <div style={{ display: 'none', overflow: 'hidden', lineHeight: '1px', opacity: 0, maxHeight: 0, maxWidth: 0 }} data-skip-in-text={true}>
      {text}
      <div>{PREVIEW_FILLER}</div>
    </div>
  );
}

/**
 * The page where a person asks for a copy or the erasure of their data (linked from every email's
 * footer). Given the recipient, the page's form opens with their address filled in: it travels in
 * the fragment, which browsers never send to a server nor pass on as a referrer.
 */
export function privacyRequestLink(publicUrl: string, recipient?: string): string {
  return `${publicUrl.replace(/\/$/, '')}/privacy-request${recipient ? `#email=${encodeURIComponent(recipient)}` : ''}`;
}
