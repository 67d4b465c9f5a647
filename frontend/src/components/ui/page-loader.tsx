import { clsx } from 'clsx';

/**
 * Fallback while a lazily loaded screen arrives. It keeps the space of a page (so the footer
 * does not jump up and back down) and only shows its spinner after a short delay, so fast
 * loads do not flash.
 */
export function PageLoader({ className, label = 'Loading page' }: { className?: string; label?: string }) {
  return (
    <div role="status" aria-live="polite" className={clsx('flex min-h-[70vh] items-center justify-center', className)}>
      <span aria-hidden="true" className="page-loader-spinner size-8 rounded-full border-[3px] border-border border-t-brand-solid" />
      <span className="sr-only">{label}…</span>
    </div>
  );
}
