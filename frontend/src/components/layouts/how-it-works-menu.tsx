import * as NavigationMenu from '@radix-ui/react-navigation-menu';
import { clsx } from 'clsx';
import { Activity, Eye, Zap } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { HashLink } from '@/components/ui/hash-link';
import { HowItWorksChevron, howItWorksTriggerClass } from './how-it-works-trigger';
import { howItWorksItems } from './navigation';

const itemIcons = [Zap, Activity, Eye];
const ITEM = 'how-it-works';

/**
 * The 'How It Works' menu (Radix navigation menu). Spec §9: it opens 200 ms after the pointer
 * rests on the trigger, at once when the pointer comes back within 300 ms, and closes 150 ms
 * after the pointer leaves it and its panel (Radix's fixed close delay, the panel fading out as
 * long). A click, Enter or Space toggles it; from the keyboard (Enter, Space, ArrowDown) it opens
 * on its first link; arrow keys move between the links, Escape closes it. Every item leads to
 * the product section of the home page.
 */
export function HowItWorksMenu({
  defaultOpen = false,
  focusTrigger = false,
  focusFirstItem = false,
  hovered = false,
}: {
  defaultOpen?: boolean;
  focusTrigger?: boolean;
  focusFirstItem?: boolean;
  /** The pointer rests on the stand-in this replaces. */
  hovered?: boolean;
}) {
  const [value, setValue] = useState(defaultOpen ? ITEM : '');
  const triggerRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const focusFirst = useRef(focusFirstItem);

  // Replacing the lightweight stand-in button must not lose keyboard focus, and a pointer
  // resting on it starts the hover delay (Radix starts it on pointer movement).
  useLayoutEffect(() => {
    if (focusTrigger) triggerRef.current?.focus({ preventScroll: true });
    if (hovered && !defaultOpen) {
      triggerRef.current?.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse' }));
    }
    // Once, on mount.
  }, []);
  useEffect(() => {
    if (!value || !focusFirst.current) return;
    const frame = window.requestAnimationFrame(() => {
      focusFirst.current = false;
      contentRef.current?.querySelector<HTMLElement>('a')?.focus();
    });
    return () => window.cancelAnimationFrame(frame);
  }, [value]);

  // The header's <nav aria-label="Main"> holds this menu: Radix's root is a plain box here, not
  // a second navigation landmark of the same name.
  return (
    <NavigationMenu.Root asChild aria-label={undefined} value={value} onValueChange={setValue} delayDuration={200} skipDelayDuration={300}>
      <div>
        <NavigationMenu.List className="flex items-center">
          <NavigationMenu.Item value={ITEM} className="relative">
            <NavigationMenu.Trigger
              ref={triggerRef}
              className={howItWorksTriggerClass}
              // A click from Enter/Space has detail 0.
              onClick={(event) => {
                if (event.detail === 0 && !value) focusFirst.current = true;
              }}
              onKeyDown={(event) => {
                if (event.key === 'ArrowDown' && !value) {
                  event.preventDefault();
                  focusFirst.current = true;
                  setValue(ITEM);
                }
              }}
            >
              How It Works
              <HowItWorksChevron />
            </NavigationMenu.Trigger>
            {/* The padding bridges the gap to the trigger, so the pointer never leaves the menu on the way. */}
            <NavigationMenu.Content
              ref={contentRef}
              className="absolute top-full left-0 z-50 w-max pt-2.5 data-[state=closed]:animate-menu-out data-[state=open]:animate-menu-in"
            >
              <ul
                aria-label="How It Works"
                className="min-w-72 rounded-2xl border border-border bg-elevated p-2 text-foreground shadow-[0_16px_40px_-16px_rgb(var(--shadow)/0.45)]"
              >
                {howItWorksItems.map((item, index) => {
                  const Icon = itemIcons[index % itemIcons.length];
                  return (
                    <li key={item.label}>
                      <NavigationMenu.Link asChild>
                        <HashLink
                          section={item.section}
                          className="flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium outline-none select-none hover:bg-surface hover:text-brand focus-visible:bg-surface focus-visible:text-brand"
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
                      </NavigationMenu.Link>
                    </li>
                  );
                })}
              </ul>
            </NavigationMenu.Content>
          </NavigationMenu.Item>
        </NavigationMenu.List>
      </div>
    </NavigationMenu.Root>
  );
}
