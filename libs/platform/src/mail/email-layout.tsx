import { Body, Container, Head, Hr, Html, Link, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';

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
      <Head />
      <EmailPreview text={preview} />
      <Body style={{ backgroundColor: '#f4f5f7', fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', borderRadius: 12, maxWidth: 560, padding: '32px 32px 24px' }}>
          <Text style={{ color: '#f26b1d', fontSize: 22, fontWeight: 700, margin: '0 0 16px' }}>{brand}</Text>
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
    <div
      style={{ display: 'none', overflow: 'hidden', lineHeight: '1px', opacity: 0, maxHeight: 0, maxWidth: 0 }}
      data-skip-in-text={true}
    >
      {text}
      <div>{PREVIEW_FILLER}</div>
    </div>
  );
}

/** The page where a person asks for a copy or the erasure of their data (linked from every email's footer). */
export function privacyRequestLink(publicUrl: string): string {
  return `${publicUrl.replace(/\/$/, '')}/privacy-request`;
}
