import { Gift } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/form-controls';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { Panel } from '@/features/admin/shell/components/admin-page';
import { useOneAtATime } from '@/features/admin/shell/lib/use-one-at-a-time';
import { useCatchUp, useCatchUpSize } from '../api/referral-milestones';

const members = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'member' : 'members'}`;

/**
 * Members who passed a milestone before it existed: how many, and (after a confirmation) their
 * awards and emails. Nobody gets a milestone twice, however often it is asked.
 */
export function CatchUpPanel({ following, onFollow }: { following: boolean; onFollow: (following: boolean) => void }) {
  const id = useId();
  const size = useCatchUpSize(following);
  const catchUp = useCatchUp();
  const once = useOneAtATime();
  const [confirming, setConfirming] = useState(false);
  const due = size.data?.members ?? 0;
  // Followed until the worker has given everyone their milestones.
  useEffect(() => {
    if (!following) return;
    if (size.data?.members === 0) onFollow(false);
    const giveUp = setTimeout(() => onFollow(false), 120_000);
    return () => clearTimeout(giveUp);
  }, [following, size.data?.members, onFollow]);

  function confirm() {
    once((done) =>
      catchUp.mutate(undefined, {
        onSuccess: (answer) => {
          setConfirming(false);
          if (answer.members) onFollow(true);
          notify.success('Catch-up started', answer.members ? `${members(answer.members)} get their milestones now.` : 'Nobody was waiting for a milestone.');
        },
        onError: (e) => notify.error('Catch-up not started', errorMessage(e)),
        onSettled: done,
      }),
    );
  }

  return (
    <Panel aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="font-display text-xl font-bold tracking-tight text-foreground">
        Members who passed a milestone before it existed
      </h2>
      <p className="mt-1 text-sm text-muted" role="status">
        {size.isPending
          ? 'Counting…'
          : size.isError
            ? `The count could not be loaded. ${errorMessage(size.error)}`
            : due
              ? `${members(due)} already ${due === 1 ? 'has' : 'have'} enough confirmed friends for a milestone they have not received${following ? ': rewarding them now…' : '.'}`
              : 'Everyone who has passed a milestone has received it.'}
      </p>
      <Button className="mt-4" onClick={() => setConfirming(true)} disabled={!due || catchUp.isPending}>
        {catchUp.isPending ? <Spinner /> : <Gift className="size-4" aria-hidden="true" />}
        Reward them
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Reward members who passed a milestone?"
        description={`${members(due)} get each milestone they passed and have not received: its code and its email, once. An email cannot be taken back.`}
        confirmLabel="Reward them"
        busy={catchUp.isPending}
        onConfirm={confirm}
      />
    </Panel>
  );
}
