import { DoorOpen } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FieldShell, TextInput } from '@/components/ui/form-controls';
import { percentOf, ProgressBar } from '@/components/ui/progress-bar';
import { notify } from '@/components/ui/toast';
import { Panel } from '@/features/admin/shell/components/admin-page';
import { useAdmissionPreview, useAdmissionProgress, useAdmit, useRunningAdmission, type AdmissionFilters } from '../api/waitlist';
import { AdmissionPreviewDialog } from './admission-preview-dialog';

const FILTERS: { key: keyof AdmissionFilters; label: string }[] = [
  { key: 'withoutDisposable', label: 'Leave out throwaway addresses' },
  { key: 'withoutHeldReferrals', label: 'Leave out members whose referral is held for review' },
];

/**
 * "Let members in": the next confirmed members in position order get their code and invite.
 * Staff see who first (AdmissionPreviewDialog) and admit from there; the dialog makes one
 * Idempotency-Key when it opens, so a double click or a retry is the same admission. One
 * admission runs at a time: the running one comes from the server, so a reload or another staff
 * member's screen shows its progress and keeps the button off until its invites are out.
 */
export function AdmitMembersPanel() {
  const id = useId();
  const [count, setCount] = useState('100');
  const [filters, setFilters] = useState<AdmissionFilters>({ withoutDisposable: false, withoutHeldReferrals: false });
  const [dialogKey, setDialogKey] = useState<string | null>(null);
  const [watchedId, setWatchedId] = useState<string | null>(null);
  const admit = useAdmit();
  const running = useRunningAdmission();
  const runningId = running.data?.id ?? null;
  const progress = useAdmissionProgress(watchedId);
  const requested = Number(count);
  const valid = Number.isInteger(requested) && requested >= 1 && requested <= 10_000;
  // The panel's counts (waiting, held back, left out) do not depend on how many are asked for:
  // one name is enough; the dialog asks for the names.
  const summary = useAdmissionPreview(1, filters);

  useEffect(() => {
    if (runningId) setWatchedId(runningId);
  }, [runningId]);

  const current = progress.data ?? running.data ?? undefined;
  const done = current?.status === 'done';
  const busy = Boolean(running.data) || (current !== undefined && !done);
  const currentId = current?.id;
  useEffect(() => {
    if (done && current) notify.success('Admission complete', `${current.total} members let in, each with a code and an invite.`);
    // Once per admission: when it is done, not on every poll (`current` is read, not watched).
  }, [done, currentId]);

  function review(event: FormEvent) {
    event.preventDefault();
    if (!valid || busy) return;
    admit.reset();
    setDialogKey(crypto.randomUUID());
  }

  function letIn() {
    if (!dialogKey || admit.isPending) return;
    admit.mutate(
      { count: requested, filters, key: dialogKey },
      {
        onSuccess: (started) => {
          setWatchedId(started.id);
          setDialogKey(null);
          void running.refetch();
        },
        onError: () => void running.refetch(),
      },
    );
  }

  const waiting = summary.data?.waiting;
  const percent = current ? percentOf(current.invited, current.total) : 0;
  return (
    <Panel aria-labelledby={`${id}-title`} className="mb-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Let members in
      </h2>
      <p className="mt-1 text-sm text-muted">
        The next confirmed members in position order get their own early-access code and an invite email.
        {waiting !== undefined ? ` ${waiting.toLocaleString('en-US')} confirmed ${waiting === 1 ? 'member is' : 'members are'} waiting.` : ''}
        {summary.data?.heldBack ? ` ${summary.data.heldBack.toLocaleString('en-US')} held back: mail to them bounced or was marked as spam.` : ''}
      </p>
      <form onSubmit={review} className="mt-4 flex flex-col gap-3">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <FieldShell id={`${id}-count`} label="How many" className="sm:w-40">
            <TextInput
              id={`${id}-count`}
              type="number"
              inputMode="numeric"
              min={1}
              max={10000}
              value={count}
              onChange={(event) => setCount(event.target.value)}
            />
          </FieldShell>
          <Button type="submit" disabled={!valid || busy || waiting === 0}>
            <DoorOpen className="size-4" aria-hidden="true" />
            Admit next {valid ? requested.toLocaleString('en-US') : ''}
          </Button>
        </div>
        <fieldset className="flex flex-col gap-2 text-sm">
          <legend className="sr-only">Who to leave out</legend>
          {FILTERS.map(({ key, label }) => (
            <label key={key} className="inline-flex items-start gap-2">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-brand-solid"
                checked={filters[key]}
                onChange={(event) => setFilters((before) => ({ ...before, [key]: event.target.checked }))}
              />
              <span>
                {label}
                {summary.data && filters[key] && summary.data.leftOut > 0 ? (
                  <span className="text-muted"> ({summary.data.leftOut.toLocaleString('en-US')} left out in all)</span>
                ) : null}
              </span>
            </label>
          ))}
        </fieldset>
        {!valid ? (
          <p id={`${id}-count-hint`} className="text-sm text-red-700 dark:text-red-300">
            Give a whole number of members, from 1 to 10,000.
          </p>
        ) : null}
      </form>
      {current ? (
        <div className="mt-4" aria-live="polite">
          <div className="flex justify-between gap-3 text-sm">
            <span>
              {current.total === 0
                ? 'Nobody confirmed was waiting: nobody was let in.'
                : `${done ? 'Done: ' : 'Sending invites: '}${current.invited.toLocaleString('en-US')} of ${current.total.toLocaleString('en-US')} members${
                    current.total < current.requested ? ` (only ${current.total.toLocaleString('en-US')} were waiting)` : ''
                  }`}
            </span>
            <span className="shrink-0 whitespace-nowrap text-muted tabular-nums">{percent} %</span>
          </div>
          <ProgressBar label="Admission progress" value={current.invited} max={current.total} />
          {!done ? <p className="mt-2 text-sm text-muted">The next admission can start when every invite of this one is out.</p> : null}
        </div>
      ) : null}
      <AdmissionPreviewDialog
        open={dialogKey !== null}
        onOpenChange={(open) => !open && setDialogKey(null)}
        requested={valid ? requested : 1}
        filters={filters}
        admitting={admit.isPending}
        error={admit.error}
        onAdmit={letIn}
      />
    </Panel>
  );
}
