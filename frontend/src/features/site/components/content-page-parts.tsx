import { clsx } from 'clsx';
import type { ReactNode } from 'react';

// Building blocks shared by the content pages (About, Our Vision, Download, legal pages).

/** The top of a content page: eyebrow, the page's single h1, a lead paragraph and actions. */
export function PageIntro({
  eyebrow,
  title,
  lead,
  children,
  align = 'center',
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
  align?: 'center' | 'left';
}) {
  return (
    <header className="relative isolate overflow-hidden border-b border-border">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60rem_24rem_at_50%_-6rem,color-mix(in_oklab,var(--brand-solid)_16%,transparent),transparent),radial-gradient(40rem_20rem_at_95%_10%,color-mix(in_oklab,var(--accent)_12%,transparent),transparent)]"
      />
      <div className={clsx('mx-auto max-w-4xl px-4 pt-16 pb-14 sm:px-6 sm:pt-24 sm:pb-20 lg:px-8', align === 'center' ? 'text-center' : 'text-left')}>
        {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
        <h1 className="mt-4 font-display text-4xl font-extrabold tracking-tight text-balance text-foreground sm:text-5xl lg:text-6xl">{title}</h1>
        {lead ? <p className={clsx('mt-6 text-lg text-pretty text-muted sm:text-xl', align === 'center' ? 'mx-auto max-w-2xl' : 'max-w-2xl')}>{lead}</p> : null}
        {children}
      </div>
    </header>
  );
}

export function Eyebrow({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p className={clsx('inline-flex items-center rounded-full bg-brand-soft px-3 py-1 text-xs font-semibold tracking-wider text-brand uppercase', className)}>
      {children}
    </p>
  );
}

/** A horizontal band of the page with the standard content width. */
export function PageSection({
  children,
  className,
  tone = 'plain',
  labelledBy,
  id,
}: {
  children: ReactNode;
  className?: string;
  tone?: 'plain' | 'surface';
  labelledBy?: string;
  id?: string;
}) {
  return (
    <section id={id} aria-labelledby={labelledBy} className={clsx(tone === 'surface' ? 'bg-surface' : 'bg-background', 'py-16 sm:py-24')}>
      <div className={clsx('mx-auto max-w-6xl px-4 sm:px-6 lg:px-8', className)}>{children}</div>
    </section>
  );
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
  className,
}: {
  id: string;
  eyebrow?: ReactNode;
  title: ReactNode;
  lead?: ReactNode;
  className?: string;
}) {
  return (
    <div className={clsx('max-w-2xl', className)}>
      {eyebrow ? <p className="text-sm font-semibold tracking-wider text-brand uppercase">{eyebrow}</p> : null}
      <h2 id={id} className="mt-2 font-display text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl">
        {title}
      </h2>
      {lead ? <p className="mt-4 text-lg text-pretty text-muted">{lead}</p> : null}
    </div>
  );
}

/** The closing call-to-action band of a content page. */
export function CtaBand({ id, title, lead, children }: { id: string; title: ReactNode; lead?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="bg-background px-4 pb-16 sm:px-6 sm:pb-24 lg:px-8">
      <div className="relative isolate mx-auto max-w-5xl overflow-hidden rounded-3xl border border-border bg-elevated px-6 py-12 text-center shadow-[0_24px_60px_-30px_rgb(var(--shadow)/0.45)] sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(36rem_16rem_at_50%_120%,color-mix(in_oklab,var(--brand-solid)_22%,transparent),transparent)]"
        />
        <h2 id={id} className="font-display text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl">
          {title}
        </h2>
        {lead ? <p className="mx-auto mt-4 max-w-xl text-lg text-pretty text-muted">{lead}</p> : null}
        <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">{children}</div>
      </div>
    </section>
  );
}
