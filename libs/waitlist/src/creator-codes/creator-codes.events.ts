import { defineEvent } from '@swishly/platform';

export const CREATOR_CODE_STREAM = 'creator-code';

export const CREATOR_PLATFORMS = ['Instagram', 'TikTok', 'YouTube', 'Podcast', 'Other'] as const;
export type CreatorPlatform = (typeof CREATOR_PLATFORMS)[number];
export type CreatorCodeStatus = 'active' | 'inactive';

export interface CreatorCodeFields {
  code: string;
  handle: string;
  influencerName: string | null;
  platform: CreatorPlatform;
  campaign: string | null;
  notes: string | null;
}

export const CreatorCodeCreated = defineEvent<CreatorCodeFields & { codeId: string }>('creator-code.created');
/** Only the fields that changed. */
export const CreatorCodeUpdated = defineEvent<Partial<CreatorCodeFields> & { codeId: string }>('creator-code.updated');
export const CreatorCodeStatusChanged = defineEvent<{ codeId: string; status: CreatorCodeStatus }>('creator-code.status-changed');
export const CreatorCodeDeleted = defineEvent<{ codeId: string; code: string }>('creator-code.deleted');
/** A waitlist sign-up came through this code (appended by the waitlist's worker). */
export const CreatorCodeUsed = defineEvent<{ codeId: string; waitlistEntryId: string }>('creator-code.used');
