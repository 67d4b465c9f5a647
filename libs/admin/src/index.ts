export * from './admin.module';
export { AdminSessionGuard, type AdminRequest } from './auth/admin-session.guard';
export { AuthService } from './auth/auth.service';
export { isCommonPassword } from './auth/common-passwords';
export { ARGON2_OPTIONS, checkNewPassword, hashPassword, verifyPassword } from './auth/passwords';
export { PasswordResetEmail } from './auth/emails/password-reset.email';
export { EarlyAccessService, EARLY_ACCESS_CODE_ALPHABET } from './early-access/early-access.service';
export { registerQueueDashboard, QUEUE_DASHBOARD_PATH } from './queue-dashboard/queue-dashboard';
export { AdminSettings } from './admin.settings';
