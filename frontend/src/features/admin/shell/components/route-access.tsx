import { ShieldOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useMatches } from 'react-router-dom';
import { ROLE_LABELS, useStaffAccess, type AdminRouteHandle, type StaffPermission, type StaffRole } from '../lib/staff-access';
import { AdminPage, Panel } from './admin-page';
import { useAllowedNavItems } from './admin-top-bar';

/** The permission the current admin route needs (the deepest match's handle that names one). */
function useRoutePermission(): StaffPermission | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const permission = (matches[i].handle as AdminRouteHandle | undefined)?.permission;
    if (permission) return permission;
  }
  return null;
}

/** Said instead of a page the role can't open (a typed or shared address): what it can open instead. */
function RoleCannotOpen({ role }: { role: StaffRole }) {
  const items = useAllowedNavItems();
  return (
    <AdminPage
      title={`Your role (${ROLE_LABELS[role].toLowerCase()}) can't open this page`}
      description="Each staff role opens some areas of the admin. If you need this one, ask an owner or an admin of your team to change your role."
    >
      <Panel aria-labelledby="role-can-open">
        <div className="flex items-start gap-4">
          <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand">
            <ShieldOff className="size-5" />
          </span>
          <div className="min-w-0">
            <h2 id="role-can-open" className="text-lg font-semibold text-foreground">
              What you can open
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {items.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className="inline-flex h-10 items-center rounded-full px-4 text-sm font-semibold text-brand ring-1 ring-border ring-inset hover:bg-surface"
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </Panel>
    </AdminPage>
  );
}

/**
 * The screen of the current admin route, or, when the signed-in role lacks the permission the
 * route needs, a page saying so: the screen is never mounted, so it asks the server for nothing.
 */
export function RouteAccess({ children }: { children: ReactNode }) {
  const permission = useRoutePermission();
  const { role, can } = useStaffAccess();
  if (permission && !can(permission)) return <RoleCannotOpen role={role} />;
  return children;
}
