import { STAFF_ROLES, type StaffPermission, type StaffRole } from '@/features/admin/shell/lib/staff-access';

// The server's table of what each role may do (it decides; this only tells which role change
// takes something away, so the page asks first).
const ROLE_PERMISSIONS: Record<StaffRole, readonly StaffPermission[]> = {
  owner: ['staff', 'settings', 'audit', 'privacy', 'waitlist', 'waitlist.manage', 'announcements', 'codes', 'report', 'mail-log', 'queues', 'resources'],
  admin: ['staff', 'audit', 'privacy', 'waitlist', 'waitlist.manage', 'announcements', 'codes', 'report', 'mail-log', 'queues', 'resources'],
  marketing: ['waitlist', 'waitlist.manage', 'announcements', 'codes', 'report'],
  ops: ['queues', 'mail-log', 'waitlist'],
  editor: ['resources'],
};

/** Whether moving someone from one role to another takes away anything they could do. */
export function lowersPower(from: StaffRole, to: StaffRole): boolean {
  return ROLE_PERMISSIONS[from].some((permission) => !ROLE_PERMISSIONS[to].includes(permission));
}

/** The roles the signed-in staff member may give: an owner any, an admin any but owner. */
export function grantableRoles(myRole: StaffRole): StaffRole[] {
  if (myRole === 'owner') return [...STAFF_ROLES];
  if (myRole === 'admin') return STAFF_ROLES.filter((role) => role !== 'owner');
  return [];
}

/** Whether the signed-in staff member may change or remove an account of this role (owners are an owner's to manage). */
export function canManage(myRole: StaffRole, theirRole: StaffRole): boolean {
  return theirRole !== 'owner' || myRole === 'owner';
}
