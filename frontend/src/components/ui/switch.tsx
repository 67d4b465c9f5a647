import * as RadixSwitch from '@radix-ui/react-switch';
import { clsx } from 'clsx';

/** An on/off switch (Radix: role=switch, Space/Enter toggle). Needs a label or aria-label. */
export function Switch({
  checked,
  onCheckedChange,
  disabled,
  className,
  ...aria
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
  id?: string;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  'aria-busy'?: boolean;
}) {
  return (
    <RadixSwitch.Root
      checked={checked}
      onCheckedChange={onCheckedChange}
      disabled={disabled}
      {...aria}
      className={clsx(
        'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border border-border-strong bg-surface transition-colors disabled:opacity-60 data-[state=checked]:border-brand-solid data-[state=checked]:bg-brand-solid',
        className,
      )}
    >
      <RadixSwitch.Thumb className="pointer-events-none block size-5 translate-x-0.5 rounded-full bg-white shadow ring-1 ring-black/10 transition-transform duration-200 data-[state=checked]:translate-x-[1.375rem]" />
    </RadixSwitch.Root>
  );
}
