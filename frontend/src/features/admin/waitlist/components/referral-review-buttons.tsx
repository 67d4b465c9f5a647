import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
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
            onClick={() =>
              review.mutate(
                { id: member.id, decision },
                {
                  onSuccess: () => notify.success(decision === 'credit' ? 'Referral credited' : 'Referral rejected', member.email),
                  onError: (error) => notify.error('Review failed', errorMessage(error)),
                },
              )
            }
          >
            {inRow ? verb : `${verb} the referral`}
          </Button>
        );
      })}
    </span>
  );
}
