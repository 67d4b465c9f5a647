import { Check, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldShell, FormError, Spinner, TextArea } from '@/components/ui/form-controls';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatAdminDate } from '@/features/admin/shell/lib/format';
import { useOneAtATime } from '@/features/admin/shell/lib/use-one-at-a-time';
import { useMember, useReviewReferrals, type ReferralReviewOutcome } from '../api/waitlist';

type Decision = 'credit' | 'reject';

/**
 * A referrer's referrals held for review (a burst from one address), opened from the top
 * referrers: staff tick several (checkboxes, or "Select all") and credit or reject them at once,
 * saying why in a second step (the audit log keeps the reason). `manage` false: the list only.
 */
export function HeldReferralsDialog({ referrerId, onClose, manage }: { referrerId: string | null; onClose: () => void; manage: boolean }) {
  const id = useId();
  const view = useMember(referrerId);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [deciding, setDeciding] = useState<Decision | null>(null);
  // Each reason step is a new form with its own double-click guard.
  const [round, setRound] = useState(0);

  const held = (view.data?.referrals.friends ?? []).filter((friend) => friend.referral === 'flagged');
  const chosen = held.filter((friend) => selected.has(friend.id));
  const name = view.data?.member.firstName;

  function close() {
    setSelected(new Set());
    setDeciding(null);
    onClose();
  }

  function toggle(friendId: string, on: boolean) {
    setSelected((before) => {
      const next = new Set(before);
      if (on) next.add(friendId);
      else next.delete(friendId);
      return next;
    });
  }

  return (
    <Dialog
      open={referrerId !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={deciding ? `${deciding === 'credit' ? 'Credit' : 'Reject'} ${plural(chosen.length, 'referral')}` : `Held referrals${name ? ` of ${name}` : ''}`}
      description={
        deciding
          ? deciding === 'credit'
            ? 'Each counts by the usual rule: now if the friend has confirmed, else when they do.'
            : 'They will never count.'
          : 'Referrals from a burst of sign-ups from one address wait for your review.'
      }
      size="lg"
    >
      {deciding ? (
        <ReasonStep
          key={round}
          decision={deciding}
          entryIds={chosen.map((friend) => friend.id)}
          onBack={() => setDeciding(null)}
          onDone={() => {
            setSelected(new Set());
            setDeciding(null);
          }}
        />
      ) : view.isPending ? (
        <div role="status" className="flex items-center gap-3 py-6 text-muted">
          <Spinner /> Loading held referrals…
        </div>
      ) : view.isError ? (
        <div role="alert" className="space-y-3 py-2">
          <p className="text-foreground">The held referrals could not be loaded.</p>
          <Button variant="secondary" onClick={() => void view.refetch()}>
            Try again
          </Button>
        </div>
      ) : held.length === 0 ? (
        <p className="py-4 text-muted">No referrals of theirs are waiting for review.</p>
      ) : (
        <div className="space-y-4">
          <fieldset>
            <legend className="sr-only">Held referrals to decide</legend>
            {manage ? (
              <label className="mb-2 inline-flex items-center gap-2 text-sm font-medium">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-solid"
                  checked={chosen.length === held.length}
                  ref={(box) => {
                    if (box) box.indeterminate = chosen.length > 0 && chosen.length < held.length;
                  }}
                  onChange={(event) => setSelected(event.target.checked ? new Set(held.map((friend) => friend.id)) : new Set())}
                />
                Select all ({held.length})
              </label>
            ) : null}
            <ul className="divide-y divide-border rounded-xl border border-border">
              {held.map((friend) => (
                <li key={friend.id}>
                  <label className={`flex items-center gap-3 px-3 py-2.5 ${manage ? 'cursor-pointer has-checked:bg-brand-soft' : ''}`}>
                    {manage ? (
                      <input
                        type="checkbox"
                        className="size-4 shrink-0 accent-brand-solid"
                        checked={selected.has(friend.id)}
                        onChange={(event) => toggle(friend.id, event.target.checked)}
                      />
                    ) : null}
                    <span className="min-w-0 flex-1 font-medium wrap-break-word">{friend.firstName}</span>
                    <span className="shrink-0 text-sm text-muted">joined {formatAdminDate(friend.createdAt)}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          {manage ? (
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
              <p id={`${id}-count`} className="text-sm text-muted sm:mr-auto" aria-live="polite">
                {chosen.length === 0 ? 'Choose the referrals to decide.' : `${plural(chosen.length, 'referral')} selected`}
              </p>
              {(['reject', 'credit'] as const).map((decision) => (
                <Button
                  key={decision}
                  variant={decision === 'credit' ? 'primary' : 'secondary'}
                  disabled={chosen.length === 0}
                  aria-describedby={`${id}-count`}
                  onClick={() => {
                    setRound((n) => n + 1);
                    setDeciding(decision);
                  }}
                >
                  {decision === 'credit' ? <Check className="size-4" aria-hidden="true" /> : <X className="size-4" aria-hidden="true" />}
                  {decision === 'credit' ? 'Credit selected' : 'Reject selected'}
                </Button>
              ))}
            </div>
          ) : null}
        </div>
      )}
    </Dialog>
  );
}

const OUTCOME_WORDS: Record<ReferralReviewOutcome, string> = {
  credited: 'credited',
  waiting: 'credited once the friend confirms',
  rejected: 'rejected',
  'not-held': 'decided already',
  'not-found': 'no longer on the list',
};

/** The reason for a decision (3 to 500 characters), then the decision itself, once. */
function ReasonStep({ decision, entryIds, onBack, onDone }: { decision: Decision; entryIds: string[]; onBack: () => void; onDone: () => void }) {
  const id = useId();
  const review = useReviewReferrals();
  const oneAtATime = useOneAtATime();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const why = reason.trim();
    if (why.length < 3) return setProblem('Give a reason of at least 3 characters.');
    setProblem(null);
    oneAtATime((done) =>
      review.mutate(
        { entryIds, decision, reason: why },
        {
          // Decided: the guard stays taken (a double click's second click finds it so); the step closes.
          onSuccess: ({ results }) => {
            const counts = new Map<ReferralReviewOutcome, number>();
            for (const { outcome } of results) counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
            notify.success(
              decision === 'credit' ? 'Referrals credited' : 'Referrals rejected',
              [...counts].map(([outcome, n]) => `${n} ${OUTCOME_WORDS[outcome]}`).join(', '),
            );
            onDone();
          },
          onError: (error) => {
            setProblem(errorMessage(error));
            done();
          },
        },
      ),
    );
  }

  const verb = decision === 'credit' ? 'Credit' : 'Reject';
  return (
    <form noValidate onSubmit={submit} aria-label={`${verb} ${plural(entryIds.length, 'referral')}`} aria-busy={review.isPending} className="space-y-5">
      <FieldShell id={`${id}-reason`} label="Reason" required hint="Kept in the audit log. Say why, not who: no personal details.">
        <TextArea
          id={`${id}-reason`}
          name="reason"
          required
          minLength={3}
          maxLength={500}
          rows={3}
          autoFocus
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-describedby={`${id}-reason-hint ${id}-error`}
        />
      </FieldShell>
      <FormError id={`${id}-error`} message={problem} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onBack} disabled={review.isPending}>
          Back
        </Button>
        <Button type="submit" variant="primary" disabled={review.isPending}>
          {review.isPending ? <Spinner /> : null}
          {review.isPending ? 'Saving…' : `${verb} ${plural(entryIds.length, 'referral')}`}
        </Button>
      </div>
    </form>
  );
}

function plural(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
}
