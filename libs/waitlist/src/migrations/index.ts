import { WaitlistEntries1763700000101 } from './1763700000101-waitlist-entries';
import { WaitlistReferrals1763700000202 } from './1763700000202-waitlist-referrals';
import { CreatorCodes1763700000301 } from './1763700000301-creator-codes';
import { ErasedMembers1763700002101 } from './1763700002101-erased-members';
import { WaitlistOperations1763700002300 } from './1763700002300-waitlist-operations';
import { DisposableEmails1763700002402 } from './1763700002402-disposable-emails';
import { CaselessAddresses1763700002811 } from './1763700002811-caseless-addresses';
import { JoinRolePersonal1763700002820 } from './1763700002820-join-role-personal';
import { CreditsWaitForConfirmation1763700002910 } from './1763700002910-credits-wait-for-confirmation';
import { WaitlistImports1763700003600 } from './1763700003600-waitlist-imports';
import { ReferralCounts1763700003800 } from './1763700003800-referral-counts';
import { StaffReadsAtScale1763700004000 } from './1763700004000-staff-reads-at-scale';
import { ConfirmationReminders1763700003900 } from './1763700003900-confirmation-reminders';
import { UnsubscribedCounted1763700004010 } from './1763700004010-unsubscribed-counted';

/** The waitlist module's tables, in order (the apps run them with the platform's: prepareDatabase). */
export const WAITLIST_MIGRATIONS = [
  WaitlistEntries1763700000101,
  WaitlistReferrals1763700000202,
  CreatorCodes1763700000301,
  ErasedMembers1763700002101,
  WaitlistOperations1763700002300,
  DisposableEmails1763700002402,
  CaselessAddresses1763700002811,
  JoinRolePersonal1763700002820,
  CreditsWaitForConfirmation1763700002910,
  WaitlistImports1763700003600,
  ReferralCounts1763700003800,
  ConfirmationReminders1763700003900,
  StaffReadsAtScale1763700004000,
  UnsubscribedCounted1763700004010,
];
