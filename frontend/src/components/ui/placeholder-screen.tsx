import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from './button';

/** A tidy stand-in for a screen that a later piece of work will build. */
export function PlaceholderScreen({
  title,
  description = 'Coming soon.',
  backTo = '/',
  backLabel = 'Back to home',
  children,
}: {
  title: string;
  description?: string;
  backTo?: string | null;
  backLabel?: string;
  children?: ReactNode;
}) {
  return (
    <section className="mx-auto flex min-h-[60vh] w-full max-w-2xl flex-col items-center justify-center px-6 py-20 text-center">
      <span className="mb-4 inline-flex items-center rounded-full bg-brand-soft px-3 py-1 text-xs font-semibold tracking-wide text-brand uppercase">
        Coming soon
      </span>
      <h1 className="font-display text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-pretty text-muted">{description}</p>
      {children}
      {backTo ? (
        <Link to={backTo} className={buttonClasses('secondary', 'md', 'mt-8')}>
          {backLabel}
        </Link>
      ) : null}
    </section>
  );
}
