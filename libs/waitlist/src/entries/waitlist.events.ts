import { defineConsumer, defineEvent, emailSubject } from '@swishly/platform';

export const WAITLIST_STREAM = 'waitlist-entry';

/** 'import': brought by staff from another waitlist tool (a CSV import). */
export type WaitlistSource = 'landing' | 'home' | 'hbf' | 'shot' | 'import';

/**
 * What the `ref` code a visitor came with means, decided when they join:
 * an active creator code (the sign-up counts toward its usage), a friend's entry (credited once
 * this person confirms, unless it is themselves or part of a burst from one address), or a
 * code we don't know or an inactive creator code (ignored).
 */
export type ReferralDecision =
  | { kind: 'creator'; creatorCodeId: string; code: string }
  | { kind: 'entry'; referrerEntryId: string; status: 'pending' | 'self' | 'flagged' }
  | { kind: 'unknown' };

/** Where the visitor arrived from (the download page's source tag, utm_source / utm_campaign), as the join form sent it. */
export interface SignupAttribution {
  sourceTag: string | null;
  utmSource: string | null;
  utmCampaign: string | null;
  /**
   * The visit's first page, remembered when the site first loaded in the tab: its utm values, its
   * path and the referring site's host. No personal data: campaign names, a path of ours, a host.
   */
  firstTouch?: FirstTouch | null;
}

export interface FirstTouch {
  utmSource: string | null;
  utmCampaign: string | null;
  page: string | null;
  referrer: string | null;
}

export interface WaitlistJoinedPayload {
  entryId: string;
  /** 1 for the first person on the list, 2 for the next... (contiguous, assigned under a lock). */
  signupNumber: number;
  /**
   * The place in line the sign-up answered: last, behind everyone who joined and was not erased
   * (the signup number less the erased). Absent on events from before erasures: the signup number.
   */
  position?: number;
  firstName: string;
  email: string;
  role: string | null;
  referralCode: string;
  /** The `ref` code the visitor came with, as given. */
  referredByCode: string | null;
  referral: ReferralDecision | null;
  source: WaitlistSource;
  /** The booth's or the shot flow's code (source 'hbf' or 'shot'); absent on events from before it was recorded. */
  eventCode?: string | null;
  /** Absent on events from before it was recorded, and null when the form sent none. */
  attribution?: SignupAttribution | null;
  /** An imported member (source 'import'): the import, its date on the old list, and whether staff asked for the welcome email. */
  importId?: string;
  joinedAt?: string | null;
  welcome?: boolean;
}

/** The person's name, address and the role they typed (free text: anything they chose to say) are personal data. */
export const WaitlistJoined = defineEvent<WaitlistJoinedPayload>('waitlist.joined', {
  personalData: { fields: ['firstName', 'email', 'role'], subject: (p) => emailSubject(p.email) },
});
/** The person clicked the confirmation link in their welcome email (double opt-in). */
export const WaitlistConfirmed = defineEvent<{ entryId: string }>('waitlist.confirmed');
/** Someone tried to join again with this address before confirming: send the link again. */
export const WaitlistConfirmationRequested = defineEvent<{ entryId: string }>('waitlist.confirmation-requested');
/**
 * The worker's reminder pass found the member still unconfirmed CONFIRMATION_REMINDER_HOURS after
 * their confirmation link went: one reminder email, ever (waitlist_confirmation_reminders holds one row a member).
 */
export const WaitlistConfirmationReminded = defineEvent<{ entryId: string }>('waitlist.confirmation-reminded');
/** Someone opened an old status link (it held the referral code): email the member a fresh, signed one. */
export const WaitlistStatusLinkRequested = defineEvent<{ entryId: string }>('waitlist.status-link-requested');
/** On the referrer's stream: a friend they referred confirmed; they move up `places`. */
export const ReferralCredited = defineEvent<{ referrerEntryId: string; referredEntryId: string; places: number }>('waitlist.referral-credited');

/**
 * Staff reviewed a referral held for review (a burst from one address): `credit` lets it count
 * by the usual rule (now, if the friend has confirmed, else when they do); `reject` never.
 * On the friend's stream. `reason`: why, in staff's words (the audit log shows it); absent on
 * decisions from before it was asked for.
 */
export const ReferralReviewed = defineEvent<{ entryId: string; referrerEntryId: string; decision: 'credit' | 'reject'; reason?: string }>(
  'waitlist.referral-reviewed',
);

/** Staff let the member in to early access (an admission, in position order): the admin module gives them a code and an invite. */
export const WaitlistAdmitted = defineEvent<{ entryId: string; admissionId: string }>('waitlist.admitted');

/** The member unsubscribed from waitlist news with the one-click link (an undo and a new click make another). */
export const WaitlistUnsubscribed = defineEvent<{ entryId: string }>('waitlist.unsubscribed');

/**
 * The member was erased on a privacy request: the entry is gone and the log keeps nothing of
 * them but this id, so that the systems we told about them (webhooks) can forget them too.
 */
export const WaitlistMemberErased = defineEvent<{ entryId: string }>('waitlist.member-erased');

/** A booth sign-up (source 'hbf') is welcomed by the events module's email instead, which carries the early-access code. */
/** An imported member is welcomed only when staff asked for it. */
export const SendWelcomeEmail = defineConsumer('waitlist.send-welcome-email', [WaitlistJoined, WaitlistConfirmationRequested, WaitlistStatusLinkRequested], {
  only: (event) => !WaitlistJoined.is(event) || welcomedWithConfirmationLink(event.payload),
});

/** Whether a join sent the waitlist's welcome with its confirmation link (not a booth sign-up, nor an import staff chose not to welcome). */
export function welcomedWithConfirmationLink(join: Pick<WaitlistJoinedPayload, 'source' | 'welcome'>): boolean {
  return !(join.source === 'hbf' || (join.source === 'import' && !join.welcome));
}
/** The one reminder to confirm, by email (its own template in the mail log). */
export const SendConfirmationReminder = defineConsumer('waitlist.send-confirmation-reminder', [WaitlistConfirmationReminded]);
export const CreditReferrer = defineConsumer('waitlist.credit-referrer', [WaitlistConfirmed]);
export const UpdatePositions = defineConsumer('waitlist.update-positions', [WaitlistJoined, ReferralCredited, WaitlistConfirmed]);
/** A sign-up through a creator code counts toward the code's usage (in the admin's creator codes). */
export const CountCreatorCodeUsage = defineConsumer('waitlist.count-creator-code-usage', [WaitlistJoined], {
  only: (event) => event.payload.referral?.kind === 'creator',
});
