import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ReactNode, type RefObject } from 'react';

/**
 * A drawer from the right edge (the public site's menu and the admin's on narrow screens): a
 * Radix dialog, so focus is trapped and Escape and the overlay close it. Focus goes back to
 * `triggerRef` when it closes, unless a link in it was followed (call `closeAfterNavigation`).
 */
export function SideDrawer({
  id,
  open,
  onOpenChange,
  triggerRef,
  title,
  children,
}: {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
  /** The drawer's header: its Dialog.Title must be in it (see SideDrawerTitle). */
  title: ReactNode;
  children: (closeAfterNavigation: () => void) => ReactNode;
}) {
  const navigated = useRef(false);
  const closeAfterNavigation = () => {
    navigated.current = true;
    onOpenChange(false);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-sm data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          id={id}
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (navigated.current) navigated.current = false;
            else triggerRef.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(22rem,88vw)] flex-col border-l border-border bg-elevated text-foreground shadow-2xl outline-none data-[state=closed]:animate-drawer-out data-[state=open]:animate-drawer-in"
        >
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-border px-4">
            {title}
            <Dialog.Close
              aria-label="Close menu"
              className="-mr-2 inline-flex size-11 items-center justify-center rounded-full transition-colors hover:bg-surface"
            >
              <X className="size-6" aria-hidden="true" />
            </Dialog.Close>
          </div>
          {children(closeAfterNavigation)}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const SideDrawerTitle = Dialog.Title;
