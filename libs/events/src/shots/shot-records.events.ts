import { defineConsumer, defineEvent, emailSubject } from '@swishly/platform';
import { ShotData, ShotKind, ShotMetrics } from './shot-feedback';

export const SHOT_RECORD_STREAM = 'shot-record';

/** The booth or the app recorded a shot analysis under a code (POST /api/shots, npm run shots:create). */
export const ShotRecorded = defineEvent<{ recordId: string; kind: ShotKind; code: string; shotData: ShotData | null; metrics: ShotMetrics | null }>(
  'shot.recorded',
);

/** The player left their first name and email on the form (spec §7 "Update hbf_shots or the shots waitlist record"). */
export const ShotClaimed = defineEvent<{ recordId: string; firstName: string; email: string }>('shot.claimed', {
  personalData: { fields: ['firstName', 'email'], subject: (p) => emailSubject(p.email) },
});

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
export const ShotFeedbackGenerated = defineEvent<{ recordId: string; shotData: ShotData; generator: 'rules' | 'model' }>(
  'shot.feedback-generated',
);

/**
 * The booth's email (spec §7 welcome-email with fromEvent 'HBF'): the early-access code, the
 * waitlist position and links. Sent for a new sign-up or a new access code, not for a repeat.
 */
export const SendEventClaimEmail = defineConsumer('events.send-event-claim-email', [ShotWaitlistJoined], {
  only: (event) => event.payload.kind === 'hbf' && (event.payload.entryId !== null || event.payload.accessCode !== null),
});
