import { defineConsumer, defineEvent } from '@swishly/platform';
import type { StaffRole } from '../auth/staff-roles';

/** One stream per invitation: who was asked to join, with which role, and what became of it. */
export const STAFF_INVITATION_STREAM = 'staff-invitation';

/** The event carries the invitation's id, never its token: the worker derives it (ResetTokens). */
export const StaffInvited = defineEvent<{ invitationId: string; email: string; role: StaffRole }>('admin.staff-invited');
export const StaffInvitationResent = defineEvent<{ invitationId: string; email: string; role: StaffRole }>('admin.staff-invitation-resent');
export const StaffInvitationRevoked = defineEvent<{ invitationId: string }>('admin.staff-invitation-revoked');
export const StaffInvitationAccepted = defineEvent<{ invitationId: string; userId: string }>('admin.staff-invitation-accepted');

/** On the account's own stream (ADMIN_USER_STREAM). */
export const StaffRoleChanged = defineEvent<{ userId: string; from: StaffRole; to: StaffRole }>('admin.staff-role-changed');
export const StaffRemoved = defineEvent<{ userId: string }>('admin.staff-removed');

export const SendStaffInvitationEmail = defineConsumer('admin.send-staff-invitation-email', [StaffInvited, StaffInvitationResent]);
