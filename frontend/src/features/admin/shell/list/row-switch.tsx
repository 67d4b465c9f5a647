import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Switch } from '@/components/ui/switch';

/**
 * An on/off switch in a list's row (a code's status, a post's published or featured) with its
 * state in a word beside it, for the eye only: the switch's name and state are what is announced.
 */
export function RowSwitch({
  label,
  checked,
  disabled,
  onCheckedChange,
  state,
  stateClassName,
  children,
}: {
  label: string;
  checked: boolean;
  disabled: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The state in a word ('Published', 'Draft'). */
  state: string;
  stateClassName?: string;
  /** What the switch may open beside it (a confirmation). */
  children?: ReactNode;
}) {
  return (
    <div className="flex items-center gap-2">
      <Switch aria-label={label} checked={checked} disabled={disabled} onCheckedChange={onCheckedChange} />
      <span aria-hidden="true" className={clsx('text-xs font-medium text-muted', stateClassName)}>
        {state}
      </span>
      {children}
    </div>
  );
}
