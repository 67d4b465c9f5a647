import type { AdminUser } from './entities/admin-user.entity';
import { ROLE_PERMISSIONS } from './staff-roles';

/** What the browser learns of a session: who, their role and what it opens, and until when; never the token. */
export function sessionView(user: AdminUser, expiresAt: Date) {
  return { user: { id: user.id, email: user.email, role: user.role }, permissions: [...ROLE_PERMISSIONS[user.role]], expiresAt: expiresAt.toISOString() };
}
