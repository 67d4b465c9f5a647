import { DoorOpen } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FieldShell, FormError, Spinner, TextInput } from '@/components/ui/form-controls';
import { percentOf, ProgressBar } from '@/components/ui/progress-bar';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { Panel } from '@/features/admin/shell/components/admin-page';
import { useAdmissionProgress, useAdmit } from '../api/waitlist';

/**
 * "Admit the next N": the next confirmed members in position order get their code and invite.
 * The request carries an Idempotency-Key made for this submission, so a retried click is the same
 * admission; the progress bar follows the invites as the worker sends them.
 */
export function AdmitMembersPanel({ waiting }: { waiting: number | undefined }) {
  const id = useId();
  const [count, setCount] = useState('100');
  const [admissionId, setAdmissionId] = useState<string | null>(null);
  const admit = useAdmit();
  const progress = useAdmissionProgress(admissionId);
  const current = progress.data ?? admit.data;
  const done = current?.status === 'done';
  const currentId = current?.id;

  useEffect(() => {
    if (done && current) notify.success('Admission complete', `${current.total} members let in, each with a code and an invite.`);
    // Once per admission: when it is done, not on every poll (`current` is read, not watched).
  }, [done, currentId]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const n = Number(count);
    if (admit.isPending || !Number.isInteger(n) || n < 1) return;
    admit.mutate({ count: n, key: crypto.randomUUID() }, { onSuccess: (started) => setAdmissionId(started.id) });
  }

  const percent = current ? percentOf(current.invited, current.total) : 0;
  return (
    <Panel aria-labelledby={`${id}-title`} className="mb-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Let members in
      </h2>
      <p className="mt-1 text-sm text-muted">
        The next confirmed members in position order get their own early-access code and an invite email.
        {waiting !== undefined ? ` ${waiting.toLocaleString('en-US')} confirmed ${waiting === 1 ? 'member is' : 'members are'} waiting.` : ''}
      </p>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
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
        <Button type="submit" disabled={admit.isPending || waiting === 0 || (current !== undefined && !done)}>
          {admit.isPending ? <Spinner /> : <DoorOpen className="size-4" aria-hidden="true" />}
          Admit next {Number(count) > 0 ? Number(count).toLocaleString('en-US') : ''}
        </Button>
      </form>
      <FormError id={`${id}-error`} message={admit.isError ? errorMessage(admit.error) : null} />
      {current ? (
        <div className="mt-4">
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
        </div>
      ) : null}
    </Panel>
  );
}
