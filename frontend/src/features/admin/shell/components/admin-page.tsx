import { clsx } from 'clsx';
import { ArrowLeft } from 'lucide-react';
import type { HTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';

/** The frame of an admin screen: a way back, the title (the page's only h1) and actions. */
export function AdminPage({
  title,
  description,
  actions,
  backTo = '/admin',
  backLabel = 'Back to Dashboard',
  children,
  width = 'wide',
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  backTo?: string | null;
  backLabel?: string;
  children: ReactNode;
  width?: 'narrow' | 'wide';
}) {
  return (
    <div className={clsx('mx-auto w-full px-4 py-6 sm:px-6 sm:py-10 lg:px-8', width === 'wide' ? 'max-w-7xl' : 'max-w-5xl')}>
      {backTo ? (
        <Link to={backTo} className={buttonClasses('ghost', 'sm', '-ml-3 mb-4')}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          {backLabel}
        </Link>
      ) : null}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="font-display text-3xl font-extrabold tracking-tight text-balance text-foreground sm:text-4xl">{title}</h1>
          {description ? <p className="mt-2 max-w-2xl text-pretty text-muted">{description}</p> : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-3">{actions}</div> : null}
      </div>
      <div className="mt-8">{children}</div>
    </div>
  );
}

/** A bordered card on the admin surface. */
export function Panel({ className, children, ...props }: { className?: string; children: ReactNode } & HTMLAttributes<HTMLElement>) {
  return (
    <section {...props} className={clsx('rounded-2xl border border-border bg-elevated p-5 shadow-sm sm:p-6', className)}>
      {children}
    </section>
  );
}
