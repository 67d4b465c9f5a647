import type { ReactNode } from 'react';

/** The public staff pages' frame (the login, an invitation): one narrow column on a soft glow. */
export function AuthPageFrame({ children }: { children: ReactNode }) {
  return (
    <section className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(50rem_22rem_at_50%_-6rem,color-mix(in_oklab,var(--brand-solid)_12%,transparent),transparent)]"
      />
      <div className="mx-auto w-full max-w-md px-4 py-12 sm:py-20">{children}</div>
    </section>
  );
}

/** A card with an icon, the page's title (its only h1) and a line under it. */
export function AuthCard({ icon, title, description, children }: { icon: ReactNode; title: string; description: ReactNode; children: ReactNode }) {
  return (
    <div className="rounded-3xl border border-border bg-elevated p-6 shadow-[0_24px_60px_-28px_rgb(var(--shadow)/0.45)] sm:p-8">
      <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-2xl bg-brand-soft text-brand">
        {icon}
      </span>
      <h1 className="mt-5 font-display text-3xl font-extrabold tracking-tight text-foreground">{title}</h1>
      <p className="mt-2 text-pretty text-muted">{description}</p>
      <div className="mt-7">{children}</div>
    </div>
  );
}
