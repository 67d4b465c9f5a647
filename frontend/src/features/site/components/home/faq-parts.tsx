import type { ReactNode } from 'react';

// Shared by the static FAQ list and the Radix accordion that replaces it.

export const faqTriggerClass =
  'group flex w-full items-center justify-between gap-6 py-5 text-left text-base font-semibold text-foreground transition-colors hover:text-brand sm:text-lg';

export function FaqChevronBadge({ children }: { children: ReactNode }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-8 shrink-0 items-center justify-center rounded-full border border-border transition-colors group-data-[state=open]:border-brand-solid group-data-[state=open]:bg-brand-solid group-data-[state=open]:text-on-brand [&>svg]:transition-transform [&>svg]:duration-200 group-data-[state=open]:[&>svg]:rotate-180"
    >
      {children}
    </span>
  );
}
