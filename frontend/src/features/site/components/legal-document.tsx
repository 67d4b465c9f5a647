import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useHashScroll } from '../hooks/use-hash-scroll';

// Layout of the Privacy Policy and the Terms of Service: title, date, a table of contents
// and numbered sections whose headings carry ids for anchor links (/privacy-policy#children).

export const LEGAL_LAST_UPDATED = 'June 9th, 2025';
/** The same date for <time dateTime>. */
export const LEGAL_LAST_UPDATED_ISO = '2025-06-09';

export interface LegalSection {
  id: string;
  title: string;
  content: ReactNode;
}

export function LegalDocument({
  title,
  intro,
  sections,
  related,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
  related: { to: string; label: string };
}) {
  // The page is loaded lazily, after the browser's own jump to #section: scroll there once rendered.
  useHashScroll();

  return (
    <article className="bg-background">
      <header className="relative isolate overflow-hidden border-b border-border bg-surface">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(50rem_18rem_at_20%_-4rem,color-mix(in_oklab,var(--brand-solid)_12%,transparent),transparent)]"
        />
        <div className="mx-auto max-w-6xl px-4 pt-14 pb-10 sm:px-6 sm:pt-20 sm:pb-14 lg:px-8">
          <p className="text-sm font-semibold tracking-wider text-brand uppercase">Legal</p>
          <h1 className="mt-3 font-display text-4xl font-extrabold tracking-tight text-foreground sm:text-5xl">{title}</h1>
          <p className="mt-4 text-base text-muted">
            Last updated <time dateTime={LEGAL_LAST_UPDATED_ISO}>{LEGAL_LAST_UPDATED}</time>
          </p>
        </div>
      </header>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[16rem_1fr] lg:gap-16 lg:px-8">
        <nav aria-label="Contents" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-sm font-semibold text-foreground">Contents</h2>
          <ol className="mt-4 space-y-1 border-l border-border">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="-ml-px block border-l-2 border-transparent py-1.5 pl-4 text-sm text-muted transition-colors hover:border-border-strong hover:text-foreground"
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
          <p className="mt-6 text-sm text-muted">
            See also our{' '}
            <Link to={related.to} className="font-semibold text-brand underline underline-offset-4">
              {related.label}
            </Link>
            .
          </p>
        </nav>

        <div className="min-w-0 max-w-3xl">
          <div className={clsx('space-y-4 text-base leading-7 text-muted sm:text-lg sm:leading-8', legalProse)}>{intro}</div>
          {sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id} className="mt-12">
              <h2 id={section.id} className="scroll-mt-24 font-display text-2xl font-bold tracking-tight text-foreground sm:text-3xl">
                <a href={`#${section.id}`} className="rounded-sm hover:underline hover:underline-offset-4">
                  {index + 1}. {section.title}
                </a>
              </h2>
              <div className={clsx('mt-4 space-y-4 text-base leading-7 text-muted sm:text-lg sm:leading-8', legalProse)}>{section.content}</div>
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}

/** Styling of the elements inside a section (lists, sub-headings, links, emphasis). */
const legalProse = clsx(
  '[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-foreground',
  '[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
  '[&_strong]:font-semibold [&_strong]:text-foreground',
  '[&_a]:font-medium [&_a]:text-brand [&_a]:underline [&_a]:underline-offset-4',
);

/** A link inside legal text; internal paths use the router. */
export function LegalLink({ to, children }: { to: string; children: ReactNode }) {
  if (/^(https?:|mailto:)/.test(to)) {
    return (
      <a href={to} target={to.startsWith('mailto:') ? undefined : '_blank'} rel="noopener noreferrer">
        {children}
        {to.startsWith('mailto:') ? null : <span className="sr-only"> (opens in a new tab)</span>}
      </a>
    );
  }
  return <Link to={to}>{children}</Link>;
}
