import { defineEvent } from '@swishly/platform';

/**
 * The audit trail of privacy requests: that one happened, when, and by whom (the admin's id, or
 * the person themselves, in the metadata), under a random id: never the address. Stream: the
 * request's id.
 */
export const PRIVACY_REQUEST_STREAM = 'privacy-request';

/** Everything we held about a person was erased; `records` rows went from the read models and the mail log. */
export const PersonErased = defineEvent<{ requestId: string; records: number; personalFields: number }>('privacy.person-erased');
/** A copy of everything we hold about a person was handed out. */
export const PersonalDataExported = defineEvent<{ requestId: string }>('privacy.personal-data-exported');
