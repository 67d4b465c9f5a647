import { defineConsumer, defineEvent } from '@swishly/platform';

export const MAIL_LOG_STREAM = 'mail-log-entry';

/** An admin asked to send a failed email again. */
export const EmailResendRequested = defineEvent<{ mailLogId: string }>('admin.email-resend-requested');

export const ResendEmail = defineConsumer('admin.resend-email', [EmailResendRequested]);
