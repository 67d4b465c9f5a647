import * as Dialog from '@radix-ui/react-dialog';
import { clsx } from 'clsx';
import { Menu, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { BrandLogo } from '@/components/ui/brand-logo';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { brandName } from '@/lib/brand';

// The staff area's header: the areas as tabs on a wide screen; narrower, one row (the theme toggle
// stays in it) with a Menu button
// opening the areas in a side drawer, the public site's pattern (a Radix dialog: focus trapped,
// Escape and the overlay close it, focus back on the button).

export const ADMIN_NAV_ITEMS = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/waitlist', label: 'Waitlist' },
  { to: '/admin/broadcasts', label: 'Announcements' },
  { to: '/admin/early-access', label: 'Early Access' },
  { to: '/admin/creator-codes', label: 'Creator Codes' },
  { to: '/admin/resources', label: 'Resources' },
  { to: '/admin/analytics', label: 'Analytics' },
  { to: '/admin/emails', label: 'Mail Log' },
  { to: '/admin/privacy', label: 'Privacy' },
] as const;

const ADMIN_DRAWER_ID = 'admin-nav-drawer';

function AdminNavLinks({ variant, onNavigate }: { variant: 'tabs' | 'drawer'; onNavigate?: () => void }) {
  return (
    <ul className={variant === 'tabs' ? 'flex gap-1' : 'space-y-1'}>
      {ADMIN_NAV_ITEMS.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={'end' in item ? item.end : false}
            onClick={onNavigate}
            className={({ isActive }) =>
              clsx(
                'items-center font-medium whitespace-nowrap transition-colors',
                variant === 'tabs'
                  ? 'inline-flex h-9 rounded-full px-3 text-sm'
                  : 'flex min-h-12 w-full rounded-xl px-3 text-base',
                isActive ? 'bg-brand-soft text-brand' : 'text-muted hover:bg-surface hover:text-foreground',
              )
            }
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function AdminTopBar() {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // After following a link, focus goes to the new page, not back to the Menu button.
  const navigated = useRef(false);

  return (
    <div className="border-b border-border bg-background/95">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-x-6 px-4 sm:px-6 lg:px-8">
        <Link to="/admin" aria-label={`${brandName} admin dashboard`} className="flex shrink-0 items-center gap-2 rounded-lg">
          <BrandLogo className="h-7 w-28" />
          <span className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold tracking-wide text-brand uppercase">Admin</span>
        </Link>
        <nav aria-label="Admin" className="hidden min-w-0 flex-1 overflow-x-auto lg:block">
          <AdminNavLinks variant="tabs" />
        </nav>
        <ThemeToggle className="ml-auto lg:ml-0" />

        <Dialog.Root open={open} onOpenChange={setOpen}>
          <Dialog.Trigger
            ref={triggerRef}
            aria-controls={ADMIN_DRAWER_ID}
            className="inline-flex h-10 items-center gap-2 rounded-full px-3 text-sm font-semibold text-foreground transition-colors hover:bg-surface lg:hidden"
          >
            <Menu className="size-5" aria-hidden="true" />
            Menu
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-sm data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
            <Dialog.Content
              id={ADMIN_DRAWER_ID}
              aria-describedby={undefined}
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                if (navigated.current) navigated.current = false;
                else triggerRef.current?.focus();
              }}
              className="fixed inset-y-0 right-0 z-50 flex w-[min(22rem,88vw)] flex-col border-l border-border bg-elevated text-foreground shadow-2xl outline-none data-[state=closed]:animate-drawer-out data-[state=open]:animate-drawer-in"
            >
              <div className="flex h-14 shrink-0 items-center justify-between border-b border-border px-4">
                <Dialog.Title className="font-display text-lg font-bold">Admin menu</Dialog.Title>
                <Dialog.Close
                  aria-label="Close menu"
                  className="-mr-2 inline-flex size-11 items-center justify-center rounded-full transition-colors hover:bg-surface"
                >
                  <X className="size-6" aria-hidden="true" />
                </Dialog.Close>
              </div>
              <nav aria-label="Admin" className="flex-1 overflow-y-auto px-3 py-4">
                <AdminNavLinks
                  variant="drawer"
                  onNavigate={() => {
                    navigated.current = true;
                    setOpen(false);
                  }}
                />
              </nav>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </div>
    </div>
  );
}
