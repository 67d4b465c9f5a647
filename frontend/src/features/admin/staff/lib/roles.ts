import { STAFF_ROLES, type StaffPermission, type StaffRole } from '@/features/admin/shell/lib/staff-access';

// The server's table of what each role may do (it decides; this only tells which role change
// takes something away, so the page asks first).
const ROLE_PERMISSIONS: Record<StaffRole, readonly StaffPermission[]> = {
  owner: [
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
  ],
  admin: ['staff', 'audit', 'privacy', 'waitlist', 'waitlist.manage', 'announcements', 'codes', 'report', 'mail-log', 'queues', 'resources', 'integrations'],
  marketing: ['waitlist', 'waitlist.manage', 'announcements', 'codes', 'report'],
  ops: ['queues', 'mail-log', 'waitlist'],
  editor: ['resources'],
};

/** Each permission as the confirmation names what is lost. */
const PERMISSION_WORDS: Record<StaffPermission, string> = {
  staff: 'the team and its invitations',
  settings: 'the security settings',
  audit: 'the audit log',
  privacy: 'privacy (erasure, exports, suppressions)',
  waitlist: 'the waitlist',
  'waitlist.manage': 'the waitlist’s CSV, admissions and referral review',
  announcements: 'announcements',
  codes: 'creator and early-access codes',
  report: 'analytics',
  'mail-log': 'the mail log',
  queues: 'the queue dashboard',
  resources: 'resources',
  integrations: 'integrations (webhooks and API keys)',
};

/** What moving someone from one role to another takes away from them, in words (nothing: more power only). */
export function lostAreas(from: StaffRole, to: StaffRole): string[] {
  return ROLE_PERMISSIONS[from].filter((permission) => !ROLE_PERMISSIONS[to].includes(permission)).map((permission) => PERMISSION_WORDS[permission]);
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
