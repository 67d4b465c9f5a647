import { ChevronDown } from 'lucide-react';

// Shared by the real menu trigger and its lightweight stand-in, so the swap is invisible.

export const howItWorksTriggerClass =
  'group inline-flex items-center gap-1 rounded-full px-3 py-2 text-sm font-medium text-foreground transition-colors hover:bg-surface data-[state=open]:bg-surface';

export function HowItWorksChevron() {
  return <ChevronDown className="size-4 transition-transform duration-200 group-data-[state=open]:rotate-180" aria-hidden="true" />;
}
