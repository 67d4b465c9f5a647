import * as RadixTooltip from '@radix-ui/react-tooltip';
import { createContext, useContext, useLayoutEffect, useRef, type FocusEvent, type ReactElement, type ReactNode } from 'react';

const Provided = createContext(false);

/**
 * Spec §9: a tooltip opens after 700 ms of hovering; moving on to a neighbour within 300 ms of
 * leaving one opens it at once. Wraps a group of neighbouring controls (the admin area, the
 * chat's buttons); a tooltip outside any group has a provider of its own.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider delayDuration={700} skipDelayDuration={300}>
      <Provided.Provider value={true}>{children}</Provided.Provider>
    </RadixTooltip.Provider>
  );
}

// Radix opens a tooltip on any focus that no click started, including focus handed back by a
// closing dialog; only focus the browser would ring (:focus-visible, the keyboard's) shows it.
function onlyVisibleFocus(event: FocusEvent<HTMLElement>) {
  if (!event.currentTarget.matches(':focus-visible')) event.preventDefault();
}

export interface TooltipProps {
  /** The tooltip's text: the control's accessible name (its aria-label). */
  label: ReactNode;
  side?: 'top' | 'bottom' | 'left' | 'right';
  /** The control: a single element that takes a ref. */
  children: ReactElement;
  /** Where a stand-in of the control (see LazyTooltip) left the pointer and focus on it. */
  handOver?: { focus: boolean; hover: boolean };
}

/** Names an icon-only control on hover (after the delay) and on keyboard focus. */
export function Tooltip({ label, side = 'top', children, handOver }: TooltipProps) {
  const provided = useContext(Provided);
  // The control may be a link too; only focus() and dispatchEvent() are used.
  const triggerRef = useRef<HTMLButtonElement>(null);

  // A control that replaced its stand-in keeps the focus, and a pointer already resting on it
  // starts the hover delay (Radix starts it on pointer movement).
  useLayoutEffect(() => {
    const trigger = triggerRef.current;
    if (!trigger || !handOver) return;
    if (handOver.focus) trigger.focus({ preventScroll: true });
    else if (handOver.hover) trigger.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse' }));
    // Once, on mount.
  }, []);

  // No fade-out on closing: content still fading out hears its own tooltip open again (Radix's
  // "a tooltip opened" event) and closes it, so Shift+Tab then Tab within the fade showed nothing.
  const tooltip = (
    <RadixTooltip.Root>
      <RadixTooltip.Trigger ref={triggerRef} asChild onFocus={onlyVisibleFocus}>
        {children}
      </RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          side={side}
          sideOffset={6}
          collisionPadding={8}
          className="z-[60] max-w-xs rounded-lg border border-border bg-elevated px-2.5 py-1.5 text-xs font-medium text-foreground shadow-[0_8px_24px_-12px_rgb(var(--shadow)/0.45)] data-[state=delayed-open]:animate-fade-in"
        >
          {label}
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
  return provided ? tooltip : <TooltipProvider>{tooltip}</TooltipProvider>;
}
