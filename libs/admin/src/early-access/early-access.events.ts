import { defineEvent, emailSubject } from '@swishly/platform';

export const EARLY_ACCESS_CODE_STREAM = 'early-access-code';
/** One stream for the open/closed switch. */
export const EARLY_ACCESS_SETTINGS_STREAM = { streamType: 'early-access-settings', streamId: 'global' } as const;

export interface EarlyAccessCodeCreatedPayload {
  codeId: string;
  code: string;
  firstName: string;
  email: string;
}

export const EarlyAccessCodeCreated = defineEvent<EarlyAccessCodeCreatedPayload>('early-access.code-created', {
  personalData: { fields: ['firstName', 'email'], subject: (p) => emailSubject(p.email) },
});
export const EarlyAccessCodeDeleted = defineEvent<{ codeId: string; code: string }>('early-access.code-deleted');
/** The app redeemed the code (POST /api/early-access/redeem). */
export const EarlyAccessCodeRedeemed = defineEvent<{ codeId: string; code: string }>('early-access.code-redeemed');
/** `adminName` is the spec's 'Admin' label; the admin's id is in the event metadata. */
export const EarlyAccessStateChanged = defineEvent<{ isOpen: boolean; adminName: string }>('early-access.state-changed');
