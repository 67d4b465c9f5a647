import { clsx } from 'clsx';
import { Menu } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { BrandLogo } from '@/components/ui/brand-logo';
import { SideDrawer, SideDrawerTitle } from '@/components/ui/side-drawer';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { brandName } from '@/lib/brand';
import { useStaffAccess, type StaffPermission } from '../lib/staff-access';

// The staff area's header: on a wide screen the areas as tabs in a row of their own under the brand
// (an owner's thirteen areas don't fit beside it at 1280 px); narrower, one row (the theme toggle
// stays in it) with a Menu button
// opening the areas in a side drawer, the public site's pattern (a Radix dialog: focus trapped,
// Escape and the overlay close it, focus back on the button). Only the areas the signed-in role
// can open are listed.

interface AdminNavItem {
  to: string;
  label: string;
  end?: boolean;
  /** The permission the area needs; the dashboard needs none. */
  permission?: StaffPermission;
}

export const ADMIN_NAV_ITEMS: readonly AdminNavItem[] = [
  { to: '/admin', label: 'Dashboard', end: true },
  { to: '/admin/waitlist', label: 'Waitlist', permission: 'waitlist' },
  { to: '/admin/broadcasts', label: 'Announcements', permission: 'announcements' },
  { to: '/admin/rewards', label: 'Rewards', permission: 'announcements' },
  { to: '/admin/early-access', label: 'Early Access', permission: 'codes' },
  { to: '/admin/creator-codes', label: 'Creator Codes', permission: 'codes' },
  { to: '/admin/resources', label: 'Resources', permission: 'resources' },
  { to: '/admin/analytics', label: 'Analytics', permission: 'report' },
  { to: '/admin/emails', label: 'Mail Log', permission: 'mail-log' },
  { to: '/admin/privacy', label: 'Privacy', permission: 'privacy' },
  { to: '/admin/staff', label: 'Staff', permission: 'staff' },
  { to: '/admin/audit', label: 'Audit Log', permission: 'audit' },
  { to: '/admin/integrations', label: 'Integrations', permission: 'integrations' },
];

/** The navigation's areas the signed-in role can open. */
export function useAllowedNavItems(): AdminNavItem[] {
  const { can } = useStaffAccess();
  return ADMIN_NAV_ITEMS.filter((item) => !item.permission || can(item.permission));
}

const ADMIN_DRAWER_ID = 'admin-nav-drawer';

function AdminNavLinks({ variant, onNavigate }: { variant: 'tabs' | 'drawer'; onNavigate?: () => void }) {
  const items = useAllowedNavItems();
  return (
    <ul className={variant === 'tabs' ? 'flex gap-1' : 'space-y-1'}>
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.end ?? false}
            onClick={onNavigate}
            className={({ isActive }) =>
              clsx(
                'items-center font-medium whitespace-nowrap transition-colors',
                variant === 'tabs' ? 'inline-flex h-9 rounded-full px-2.5 text-sm' : 'flex min-h-12 w-full rounded-xl px-3 text-base',
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

  return (
    <div className="border-b border-border bg-background/95">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-x-3 px-4 sm:gap-x-6 sm:px-6 lg:px-8">
        <Link to="/admin" aria-label={`${brandName} admin dashboard`} className="flex shrink-0 items-center gap-2 rounded-lg">
          <BrandLogo className="h-7 w-28" />
          <span className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold tracking-wide text-brand uppercase">Admin</span>
        </Link>
        <ThemeToggle className="ml-auto" />

        <button
          ref={triggerRef}
          type="button"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={ADMIN_DRAWER_ID}
          onClick={() => setOpen(true)}
          className="inline-flex h-10 items-center gap-2 rounded-full px-3 text-sm font-semibold text-foreground transition-colors hover:bg-surface lg:hidden"
        >
          <Menu className="size-5" aria-hidden="true" />
          Menu
        </button>
        <SideDrawer
          id={ADMIN_DRAWER_ID}
          open={open}
          onOpenChange={setOpen}
          triggerRef={triggerRef}
          title={<SideDrawerTitle className="font-display text-lg font-bold">Admin menu</SideDrawerTitle>}
        >
          {(closeAfterNavigation) => (
            <nav aria-label="Admin" className="flex-1 overflow-y-auto px-3 py-4">
              <AdminNavLinks variant="drawer" onNavigate={closeAfterNavigation} />
            </nav>
          )}
        </SideDrawer>
      </div>
      <nav aria-label="Admin" className="mx-auto hidden max-w-7xl overflow-x-auto px-8 pb-2 lg:block">
        <AdminNavLinks variant="tabs" />
      </nav>
    </div>
  );
}
