import { defineConsumer, defineEvent } from '@swishly/platform';
import { WaitlistAdmitted } from '@swishly/waitlist';

/** One admission (staff let the next N confirmed members in): its own stream, the id from the request's Idempotency-Key when it had one. */
export const ADMISSION_STREAM = 'waitlist-admission';

/** `total` members were admitted (fewer than `requested` when fewer were waiting); each has a waitlist.admitted event. */
export const AdmissionRequested = defineEvent<{ admissionId: string; requested: number; total: number }>('admin.admission-requested');
/** An admitted member got their early-access code and invite (codeId null: erased before it was sent). */
export const MemberInvited = defineEvent<{ admissionId: string; entryId: string; codeId: string | null }>('admin.member-invited');

/** Gives each admitted member their own early-access code and one invite email. */
export const InviteAdmittedMembers = defineConsumer('admin.invite-admitted-members', [WaitlistAdmitted]);
