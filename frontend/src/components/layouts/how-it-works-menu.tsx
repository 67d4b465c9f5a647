import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { clsx } from 'clsx';
import { Activity, Eye, Zap } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { HashLink } from '@/components/ui/hash-link';
import { HowItWorksChevron, howItWorksTriggerClass } from './how-it-works-trigger';
import { howItWorksItems } from './navigation';

const itemIcons = [Zap, Activity, Eye];

/**
 * The 'How It Works' dropdown (Radix dropdown menu: arrow keys, Home/End, typeahead, Escape).
 * Every item leads to the product section of the home page.
 */
export function HowItWorksMenu({
  defaultOpen = false,
  focusTrigger = false,
  focusFirstItem = false,
}: {
  defaultOpen?: boolean;
  focusTrigger?: boolean;
  focusFirstItem?: boolean;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);

  // Replacing the lightweight stand-in button must not lose keyboard focus, and a menu opened
  // from the keyboard before this code arrived starts on its first item.
  useLayoutEffect(() => {
    if (focusTrigger) triggerRef.current?.focus({ preventScroll: true });
  }, [focusTrigger]);
  useEffect(() => {
    if (!focusFirstItem) return;
    const frame = window.requestAnimationFrame(() => {
      contentRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    });
    return () => window.cancelAnimationFrame(frame);
  }, [focusFirstItem]);

  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger ref={triggerRef} className={howItWorksTriggerClass}>
        How It Works
        <HowItWorksChevron />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          ref={contentRef}
          align="start"
          sideOffset={10}
          className="z-50 min-w-72 rounded-2xl border border-border bg-elevated p-2 text-foreground shadow-[0_16px_40px_-16px_rgb(var(--shadow)/0.45)] data-[state=closed]:animate-menu-out data-[state=open]:animate-menu-in"
        >
          {howItWorksItems.map((item, index) => {
            const Icon = itemIcons[index % itemIcons.length];
            return (
              <DropdownMenu.Item key={item.label} asChild>
                <HashLink
                  section={item.section}
                  className="flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium outline-none select-none data-[highlighted]:bg-surface data-[highlighted]:text-brand"
                >
                  <span
                    aria-hidden="true"
                    className={clsx(
                      'flex size-8 items-center justify-center rounded-lg',
                      index === 1 ? 'bg-accent-soft text-accent' : 'bg-brand-soft text-brand',
                    )}
                  >
                    <Icon className="size-4" />
                  </span>
                  {item.label}
                </HashLink>
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
