import { defineConsumer, defineEvent, emailSubject } from '@swishly/platform';

/**
 * The audit trail of privacy requests: that one happened, when, and by whom (the admin's id, or
 * the person themselves, in the metadata), under a random id: never the address. Stream: the
 * request's id.
 */
export const PRIVACY_REQUEST_STREAM = 'privacy-request';

export type PrivacyRequestKind = 'export' | 'erasure';

/** Everything we held about a person was erased; `records` rows went from the read models and the mail log. */
export const PersonErased = defineEvent<{ requestId: string; records: number; personalFields: number }>('privacy.person-erased');
/** A copy of everything we hold about a person was handed out. */
export const PersonalDataExported = defineEvent<{ requestId: string }>('privacy.personal-data-exported');

/**
 * Someone asked, on /privacy-request, for a copy or the erasure of the data under an address: the
 * address is emailed a link (valid PRIVACY_REQUEST_TTL_HOURS) that carries it out. The address
 * is personal data, erased with the rest.
 */
export const PrivacyRequestMade = defineEvent<{ requestId: string; kind: PrivacyRequestKind; email: string }>('privacy.request-made', {
  personalData: { fields: ['email'], subject: (p) => emailSubject(p.email) },
});
/** The emailed link was followed and the request carried out (it works once). */
export const PrivacyRequestCarriedOut = defineEvent<{ requestId: string }>('privacy.request-carried-out');

/** Emails the link of a request, when we hold anything under the address. */
export const SendPrivacyRequestEmail = defineConsumer('admin.send-privacy-request-email', [PrivacyRequestMade]);
