import { defineConsumer, defineEvent, EventMetadata } from '@swishly/platform';

/** One stream per staff account: the audit trail of who signed in and changed what. */
export const ADMIN_USER_STREAM = 'admin-user';

/** The stream of one staff account. */
export const adminUserStream = (userId: string) => ({ streamType: ADMIN_USER_STREAM, streamId: userId });

/**
 * The metadata of what happens to an account in its own name (its sign-ins, its factors, its
 * creation from an invitation): the account is the actor, whatever the request said before.
 */
export const asStaffMember = (meta: EventMetadata, userId: string): EventMetadata => ({ ...meta, actorType: 'admin', actorId: userId });

export type PasswordChangeReason = 'change' | 'reset' | 'cli';

export const AdminUserCreated = defineEvent<{ userId: string; email: string }>('admin.user-created');
export const AdminSignedIn = defineEvent<{ userId: string; sessionId: string }>('admin.signed-in');
/**
 * A wrong password for this account. Its metadata names the account as the actor: whoever typed
 * the password is unknown, and the account's owner is who needs to see it in the audit log.
 */
export const AdminSignInFailed = defineEvent<{ userId: string }>('admin.sign-in-failed');
export const AdminSignedOut = defineEvent<{ userId: string; sessionId: string }>('admin.signed-out');
export const AdminPasswordChanged = defineEvent<{ userId: string; reason: PasswordChangeReason }>('admin.password-changed');
/**
 * Someone asked for a reset link for this account. The event carries the reset's id, never the
 * token: the worker derives the token from the id with APP_SECRET (see ResetTokens).
 */
export const AdminPasswordResetRequested = defineEvent<{ userId: string; resetId: string; email: string }>('admin.password-reset-requested');

export const SendPasswordResetEmail = defineConsumer('admin.send-password-reset-email', [AdminPasswordResetRequested]);

/** Second factors: the events carry ids only, never a secret or a code. */
export const AdminSecondFactorEnabled = defineEvent<{ userId: string }>('admin.second-factor-enabled');
export const AdminSecondFactorDisabled = defineEvent<{ userId: string }>('admin.second-factor-disabled');
/** A passkey was added to the account, or removed from it (its credential id, never its key). */
export const AdminPasskeyAdded = defineEvent<{ userId: string; passkeyId: string }>('admin.passkey-added');
export const AdminPasskeyRemoved = defineEvent<{ userId: string; passkeyId: string }>('admin.passkey-removed');
export const AdminRecoveryCodesRegenerated = defineEvent<{ userId: string }>('admin.recovery-codes-regenerated');
export const AdminRecoveryCodeUsed = defineEvent<{ userId: string; recoveryCodeId: string }>('admin.recovery-code-used');
/** A wrong second-factor code (signing in, confirming, turning off, regenerating codes). */
export const AdminSecondFactorFailed = defineEvent<{ userId: string }>('admin.second-factor-failed');
/** The security settings, changed by this account. */
export const AdminSecuritySettingsChanged = defineEvent<{ userId: string; requireSecondFactor: boolean }>('admin.security-settings-changed');
