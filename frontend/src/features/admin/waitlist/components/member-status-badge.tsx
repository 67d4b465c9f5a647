import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { MemberFilter, WaitlistMember } from '../api/waitlist';

/** The list's filters: the three states, then what may sit beside any of them. */
export const STATUS_LABELS: Record<MemberFilter, string> = {
  unconfirmed: 'Unconfirmed',
  confirmed: 'Confirmed',
  admitted: 'Admitted',
  unsubscribed: 'Unsubscribed',
  flagged: 'Referral held',
};
const STATE_TONES: Record<WaitlistMember['status'], BadgeTone> = {
  unconfirmed: 'neutral',
  confirmed: 'info',
  admitted: 'success',
};
const MAIL_LABELS: Record<Exclude<WaitlistMember['mail'], 'subscribed'>, string> = {
  unsubscribed: 'Unsubscribed',
  bounced: 'Mail bounced',
  complained: 'Marked as spam',
};

/**
 * A member's state (unconfirmed, confirmed, admitted) and, beside it, what else holds: mail that
 * no longer reaches them, and a referral held for review. One definition, the list's filters'.
 */
export function MemberStatusBadges({ member }: { member: Pick<WaitlistMember, 'status' | 'mail' | 'referralHeld'> }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={STATE_TONES[member.status]}>{STATUS_LABELS[member.status]}</Badge>
      {member.mail !== 'subscribed' ? <Badge tone={member.mail === 'unsubscribed' ? 'warning' : 'danger'}>{MAIL_LABELS[member.mail]}</Badge> : null}
      {member.referralHeld ? <Badge tone="danger">{STATUS_LABELS.flagged}</Badge> : null}
    </span>
  );
}
