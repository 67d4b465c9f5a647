import { createContext, useContext } from 'react';
import type { ApiSchema } from '@/lib/api-schemas';

// What the signed-in staff member may open: their role and its permissions, as the session
// says (GET /api/auth/session). The server checks every admin route; the admin frame uses this
// to offer only what the role can open, so no screen or widget asks for what it would be refused.

export type StaffRole = ApiSchema<'AdminUserDto'>['role'];
export const STAFF_ROLES = ['owner', 'admin', 'marketing', 'ops', 'editor'] as const satisfies readonly StaffRole[];

export type StaffPermission = ApiSchema<'SessionDto'>['permissions'][number];

export const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  marketing: 'Marketing',
  ops: 'Ops',
  editor: 'Editor',
};

/** What each role can do, in one line (the invite dialog, the invitation page). */
export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  owner: 'Everything, including the security settings and the other owners.',
  admin: 'Everything but the security settings: the team, the audit log, privacy and every area.',
  marketing: 'The waitlist and its admissions, announcements, creator and early-access codes, analytics.',
  ops: 'The queue dashboard and the mail log, and reading the waitlist.',
  editor: 'Resources only: writing, publishing and featuring articles.',
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

export interface StaffAccess {
  role: StaffRole;
  permissions: readonly StaffPermission[];
}

// Outside the session guard nothing is open (the guard always gives the session's).
const StaffAccessContext = createContext<StaffAccess>({ role: 'editor', permissions: [] });

/** Given the session's role and permissions by the session guard, around the whole admin frame. */
export const StaffAccessProvider = StaffAccessContext.Provider;

/** The signed-in role, and whether it holds a permission. */
export function useStaffAccess(): { role: StaffRole; can: (permission: StaffPermission) => boolean } {
  const access = useContext(StaffAccessContext);
  return { role: access.role, can: (permission) => access.permissions.includes(permission) };
}

/** The admin routes' handle: the page's title and the permission it needs (none: every role). */
export interface AdminRouteHandle {
  title?: string;
  permission?: StaffPermission;
}
