import { Button } from '@/components/ui/button';
import { useReviewReferral } from '../api/waitlist';

/**
 * Credit or reject a member's referral held for review. `inRow`: the list's short words, each
 * naming the member to a screen reader; in the member's view they say what they do in full.
 */
export function ReferralReviewButtons({ member, inRow = false }: { member: { id: string; firstName: string; email: string }; inRow?: boolean }) {
  const review = useReviewReferral();
  return (
    <span className="inline-flex gap-2">
      {(['credit', 'reject'] as const).map((decision) => {
        const verb = decision === 'credit' ? 'Credit' : 'Reject';
        return (
          <Button
            key={decision}
            size="sm"
            variant="secondary"
            disabled={review.isPending}
            aria-label={inRow ? `${verb} the referral of ${member.firstName}` : undefined}
            onClick={() => review.mutate({ id: member.id, decision, email: member.email })}
          >
            {inRow ? verb : `${verb} the referral`}
          </Button>
        );
      })}
    </span>
  );
}
