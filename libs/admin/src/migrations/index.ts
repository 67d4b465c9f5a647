import { Admin1763700000300 } from './1763700000300-admin';
import { EarlyAccessCodesByEmail1763700002104 } from './1763700002104-early-access-codes-by-email';
import { Admissions1763700002301 } from './1763700002301-admissions';
import { Broadcasts1763700002401 } from './1763700002401-broadcasts';
import { CaselessAddresses1763700002814 } from './1763700002814-caseless-addresses';
import { StaffRoles1763700003000 } from './1763700003000-staff-roles';
import { SecondFactor1763700003010 } from './1763700003010-second-factor';
import { Passkeys1763700003020 } from './1763700003020-passkeys';
import { Webhooks1763700003200 } from './1763700003200-webhooks';
import { ApiKeys1763700003300 } from './1763700003300-api-keys';
import { ScheduledBroadcasts1763700003500 } from './1763700003500-scheduled-broadcasts';
import { ReferralMilestones1763700003700 } from './1763700003700-referral-milestones';
import { ReportFunnel1763700003910 } from './1763700003910-report-funnel';

/** The admin module's tables, in order (the apps run them with the platform's: prepareDatabase). */
import { ReportFunnelByMonth1763700004020 } from './1763700004020-report-funnel-by-month';

export const ADMIN_MIGRATIONS = [
  Admin1763700000300,
  EarlyAccessCodesByEmail1763700002104,
  Admissions1763700002301,
  Broadcasts1763700002401,
  CaselessAddresses1763700002814,
  StaffRoles1763700003000,
  SecondFactor1763700003010,
  Passkeys1763700003020,
  Webhooks1763700003200,
  ApiKeys1763700003300,
  ScheduledBroadcasts1763700003500,
  ReferralMilestones1763700003700,
  ReportFunnel1763700003910,
  ReportFunnelByMonth1763700004020,
];
