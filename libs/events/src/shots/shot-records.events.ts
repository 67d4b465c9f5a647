import { defineConsumer, defineEvent, emailSubject } from '@swishly/platform';
import { ShotData, ShotKind, ShotMetrics } from './shot-feedback';

export const SHOT_RECORD_STREAM = 'shot-record';

/**
 * A shot's analysis and measurements are filed under the shot (not under an address: the booth
 * records them before anyone claims them). The subject is linked to whoever claimed the shot,
 * so erasing that person erases the analysis too, and a replay leaves the shot out.
 */
export const shotSubject = (recordId: string) => `shot:${recordId}`;

/** The booth or the app recorded a shot analysis under a code (POST /api/shots, npm run shots:create). */
export const ShotRecorded = defineEvent<{ recordId: string; kind: ShotKind; code: string; shotData: ShotData | null; metrics: ShotMetrics | null }>(
  'shot.recorded',
  { personalData: { fields: ['shotData', 'metrics'], subject: (p) => shotSubject(p.recordId) } },
);

/**
 * The player left their first name and email on the form (spec §7 "Update hbf_shots or the
 * shots waitlist record"), and the shot became theirs. `claimId` is what their claim token
 * signs; claims stored before it existed are identified by their event id.
 */
export const ShotClaimed = defineEvent<{ recordId: string; firstName: string; email: string; claimId?: string }>('shot.claimed', {
  personalData: { fields: ['firstName', 'email'], subject: (p) => emailSubject(p.email) },
});

/**
 * The claimer's own address was typed on the form again: their link (with their claim token)
 * is emailed to them, never answered to whoever typed it. The job reads the address from the
 * record, so the event carries none.
 */
export const ShotLinkRequested = defineEvent<{ recordId: string; kind: ShotKind; code: string }>('shot.link-requested');

export interface ShotWaitlistJoinedPayload {
  recordId: string;
  kind: ShotKind;
  code: string;
  firstName: string;
  email: string;
  /** The new waitlist entry; null when the address was already on the waitlist. */
  entryId: string | null;
  waitlistPosition: number | null;
  referralCode: string | null;
  /** The early-access code created for this player at the booth (hbf, while early access is open). */
  accessCode: string | null;
}

/** The claim went through the waitlist (and, at the booth, early access). */
export const ShotWaitlistJoined = defineEvent<ShotWaitlistJoinedPayload>('shot.waitlist-joined', {
  personalData: { fields: ['firstName', 'email'], subject: (p) => emailSubject(p.email) },
});

/** Feedback made from the metrics, once, when the record came without shot_data. */
export const ShotFeedbackGenerated = defineEvent<{ recordId: string; shotData: ShotData; generator: 'rules' | 'model' }>('shot.feedback-generated', {
  personalData: { fields: ['shotData'], subject: (p) => shotSubject(p.recordId) },
});

/**
 * The booth's email (spec §7 welcome-email with fromEvent 'HBF'): the early-access code, the
 * waitlist position and links. Sent for a new sign-up or a new access code, not for a repeat.
 */
export const SendEventClaimEmail = defineConsumer('events.send-event-claim-email', [ShotWaitlistJoined], {
  only: (event) => event.payload.kind === 'hbf' && (event.payload.entryId !== null || event.payload.accessCode !== null),
});

/** The claimer's link to their analysis, sent again (the form's repeat claim). */
export const SendShotLinkEmail = defineConsumer('events.send-shot-link-email', [ShotLinkRequested]);
