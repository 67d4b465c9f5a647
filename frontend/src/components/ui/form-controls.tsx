import { clsx } from 'clsx';
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

// Form controls of the admin area, styled like the public forms (contact page).

export const controlClasses =
  'w-full rounded-xl border border-border-strong bg-background px-3.5 text-base text-foreground shadow-xs transition-colors placeholder:text-muted/80 hover:border-foreground/60 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring disabled:opacity-60 sm:text-sm';

export const labelClasses = 'mb-1.5 block text-sm font-medium text-foreground';

export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-brand">
      {' '}*
    </span>
  );
}

export function OptionalMark() {
  return <span className="font-normal text-muted"> (optional)</span>;
}

interface FieldShellProps {
  id: string;
  label: ReactNode;
  required?: boolean;
  optional?: boolean;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** Label above a control, an optional hint below it (linked by `${id}-hint`). */
export function FieldShell({ id, label, required, optional, hint, className, children }: FieldShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClasses}>
        {label}
        {required ? <RequiredMark /> : null}
        {optional ? <OptionalMark /> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextInput({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input {...props} className={clsx(controlClasses, 'h-11', className)} />;
}

export function TextArea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea {...props} className={clsx(controlClasses, 'min-h-24 resize-y py-2.5 leading-relaxed', className)} />;
}

export function Select({ className, children, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select {...props} className={clsx(controlClasses, 'h-11 pr-8', className)}>
      {children}
    </select>
  );
}

/** An error below a form, announced when it appears. */
export function FormError({ id, message }: { id: string; message: string | null }) {
  return (
    <p id={id} role="alert" className={clsx('text-sm font-medium text-red-700 dark:text-red-300', !message && 'sr-only')}>
      {message ?? ''}
    </p>
  );
}

/** A small spinner for busy buttons. */
export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={clsx('size-4 animate-spin rounded-full border-2 border-current/30 border-t-current', className)}
    />
  );
}
