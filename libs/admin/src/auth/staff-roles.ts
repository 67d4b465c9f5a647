import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

/** What a staff account may do is its role's: one role per account. */
export const STAFF_ROLES = ['owner', 'admin', 'marketing', 'ops', 'editor'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * The areas of the back office a role may open, each checked on the server for every admin
 * route. `waitlist` reads the list and a member's view; `waitlist.manage` changes or exports
 * it (CSV, admissions, referral review, a member's emails again). `integrations` gives other
 * systems the members' data (outgoing webhooks, API keys), so it stays with the owner and admin.
 */
export const STAFF_PERMISSIONS = [
  'staff',
  'settings',
  'audit',
  'privacy',
  'waitlist',
  'waitlist.manage',
  'announcements',
  'codes',
  'report',
  'mail-log',
  'queues',
  'resources',
  'integrations',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

const EVERYTHING: StaffPermission[] = [...STAFF_PERMISSIONS];

/** The README's table of roles says the same: keep them together. */
export const ROLE_PERMISSIONS: Record<StaffRole, readonly StaffPermission[]> = {
  owner: EVERYTHING,
  // Everything but the security settings; managing owners is refused by the staff service.
  admin: EVERYTHING.filter((permission) => permission !== 'settings'),
  marketing: ['waitlist', 'waitlist.manage', 'announcements', 'codes', 'report'],
  ops: ['queues', 'mail-log', 'waitlist'],
  editor: ['resources'],
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

export function hasPermission(role: string, permission: StaffPermission): boolean {
  return isStaffRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}

/** "the owner or admin role", "the owner, admin or marketing role". */
export function roleNames(roles: readonly string[]): string {
  const names = roles.length > 1 ? `${roles.slice(0, -1).join(', ')} or ${roles[roles.length - 1]}` : roles[0];
  return `the ${names} role`;
}

export const STAFF_PERMISSION_KEY = 'staff-permission';
/** Marks a staff route every signed-in role may use (their own session, password, second factor). */
export const ANY_STAFF_ROLE = 'any';

/**
 * The permission an admin route needs, or one of several (checked by AdminSessionGuard; a route
 * it guards without one is refused, so a new route can't be open to every role by being
 * forgotten). Also written into the OpenAPI document as `x-staff-roles`, the roles that may call it.
 */
export function RequiresPermission(...permissions: [StaffPermission, ...StaffPermission[]]) {
  return applyDecorators(SetMetadata(STAFF_PERMISSION_KEY, permissions), ApiExtension('x-staff-roles', rolesWithAny(permissions)));
}

/** The roles that hold at least one of these permissions, in the order of STAFF_ROLES. */
export function rolesWithAny(permissions: readonly StaffPermission[]): StaffRole[] {
  return STAFF_ROLES.filter((role) => permissions.some((permission) => ROLE_PERMISSIONS[role].includes(permission)));
}

/** A staff route for every role: the account's own things. */
export function AnyStaffRole() {
  return applyDecorators(SetMetadata(STAFF_PERMISSION_KEY, ANY_STAFF_ROLE), ApiExtension('x-staff-roles', [...STAFF_ROLES]));
}
