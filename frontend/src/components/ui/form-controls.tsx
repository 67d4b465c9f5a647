import { clsx } from 'clsx';
import type { InputHTMLAttributes, ReactNode, Ref, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

// Form controls of the whole site: the public forms (contact, waitlist) use the large size,
// the admin area the default one.

/** 'md': the admin's compact controls; 'lg': the public forms' taller, roomier ones. */
export type ControlSize = 'md' | 'lg';

const controlBase =
  'w-full rounded-xl border border-border-strong bg-background text-base text-foreground shadow-xs transition-colors placeholder:text-muted/80 hover:border-foreground/60 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring disabled:opacity-60';

const controlPadding: Record<ControlSize, string> = {
  md: 'px-3.5 sm:text-sm',
  lg: 'px-4',
};

/** Class names of a text control (input, select, textarea) without its height. */
export function controlClassesFor(size: ControlSize = 'md'): string {
  return clsx(controlBase, controlPadding[size]);
}

export const controlClasses = controlClassesFor('md');

export const labelClasses = 'mb-1.5 block text-sm font-medium text-foreground';

export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-brand">
      {' '}
      *
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
  /** Extra classes for the hint (e.g. a right-aligned character count). */
  hintClassName?: string;
  className?: string;
  children: ReactNode;
}

/** Label above a control, an optional hint below it (`${id}-hint`: point the control's aria-describedby at it). */
export function FieldShell({ id, label, required, optional, hint, hintClassName, className, children }: FieldShellProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClasses}>
        {label}
        {required ? <RequiredMark /> : null}
        {optional ? <OptionalMark /> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className={clsx('mt-1.5 text-xs text-muted', hintClassName)}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

const inputHeights: Record<ControlSize, string> = { md: 'h-11', lg: 'h-12' };
const textAreaSizes: Record<ControlSize, string> = { md: 'min-h-24 py-2.5', lg: 'min-h-36 py-3' };

export interface TextInputProps extends InputHTMLAttributes<HTMLInputElement> {
  controlSize?: ControlSize;
  ref?: Ref<HTMLInputElement>;
}

export function TextInput({ controlSize = 'md', className, ...props }: TextInputProps) {
  return <input {...props} className={clsx(controlClassesFor(controlSize), inputHeights[controlSize], className)} />;
}

export interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  controlSize?: ControlSize;
}

export function TextArea({ controlSize = 'md', className, ...props }: TextAreaProps) {
  return <textarea {...props} className={clsx(controlClassesFor(controlSize), textAreaSizes[controlSize], 'resize-y leading-relaxed', className)} />;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  controlSize?: ControlSize;
}

export function Select({ controlSize = 'md', className, children, ...props }: SelectProps) {
  return (
    <select {...props} className={clsx(controlClassesFor(controlSize), inputHeights[controlSize], 'pr-8', className)}>
      {children}
    </select>
  );
}

/** An error below a form, announced when it appears. */
export function FormError({ id, message, className }: { id: string; message: string | null; className?: string }) {
  return (
    <p id={id} role="alert" className={clsx('text-sm font-medium text-red-700 dark:text-red-300', !message && 'sr-only', className)}>
      {message ?? ''}
    </p>
  );
}

/** A small spinner for busy buttons. */
export function Spinner({ className }: { className?: string }) {
  return <span aria-hidden="true" className={clsx('size-4 animate-spin rounded-full border-2 border-current/30 border-t-current', className)} />;
}
