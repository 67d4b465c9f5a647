import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { MemberStatus } from '../api/waitlist';

export const STATUS_LABELS: Record<MemberStatus, string> = {
  unconfirmed: 'Unconfirmed',
  confirmed: 'Confirmed',
  admitted: 'Admitted',
  unsubscribed: 'Unsubscribed',
  flagged: 'Referral held',
};
const STATUS_TONES: Record<MemberStatus, BadgeTone> = {
  unconfirmed: 'neutral',
  confirmed: 'info',
  admitted: 'success',
  unsubscribed: 'warning',
  flagged: 'danger',
};

export function MemberStatusBadge({ status }: { status: MemberStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}
