import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormError, Spinner } from '@/components/ui/form-controls';
import { errorMessage } from '@/lib/api-client';
import { useAdmissionPreview, type AdmissionFilters } from '../api/waitlist';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * Before an admission: who it lets in (the first hundred by name, in position order), and whom
 * it passes over (held back because mail to them bounced or was marked as spam; left out by the
 * staff member's choices). Admitting happens only from here.
 */
export function AdmissionPreviewDialog({
  open,
  onOpenChange,
  requested,
  filters,
  admitting,
  error,
  onAdmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  requested: number;
  filters: AdmissionFilters;
  admitting: boolean;
  error: unknown;
  onAdmit: () => void;
}) {
  const id = useId();
  const preview = useAdmissionPreview(requested, filters, open);
  const data = preview.data;
  const more = data ? data.admitting - data.members.length : 0;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !admitting && onOpenChange(next)}
      size="lg"
      title={data ? (data.admitting === 0 ? 'Nobody to let in' : `Let in the next ${count(data.admitting, 'member', 'members')}?`) : 'Who will be let in'}
      description="Each gets their own early-access code and an invite email, in this order."
    >
      {preview.isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted">
          <Spinner /> Finding who is next…
        </p>
      ) : preview.isError ? (
        <FormError id={`${id}-load`} message={`Could not load who is next: ${errorMessage(preview.error)}`} />
      ) : data ? (
        <div className="flex flex-col gap-4">
          {data.members.length > 0 ? (
            <ol aria-label="Members to let in" className="max-h-72 divide-y divide-border overflow-y-auto rounded-lg border border-border text-sm">
              {data.members.map((member) => (
                <li key={member.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
                  <span className="w-12 shrink-0 text-muted tabular-nums">#{member.position.toLocaleString('en-US')}</span>
                  <span className="min-w-0 font-medium">{member.firstName}</span>
                  <span className="min-w-0 break-all text-muted">{member.email}</span>
                  {member.disposableEmail ? <Badge tone="warning">Throwaway address</Badge> : null}
                  {member.referralHeld ? <Badge tone="warning">Referral held</Badge> : null}
                </li>
              ))}
            </ol>
          ) : null}
          <ul className="flex flex-col gap-1 text-sm text-muted">
            {more > 0 ? <li>…and {count(more, 'more member', 'more members')} after them.</li> : null}
            {data.admitting < requested ? (
              <li>
                You asked for {requested.toLocaleString('en-US')}: only {data.admitting.toLocaleString('en-US')} can be let in now.
              </li>
            ) : null}
            {data.heldBack > 0 ? (
              <li>
                {count(data.heldBack, 'confirmed member is', 'confirmed members are')} held back: mail to them bounced or was marked as spam, so an invite
                cannot reach them.
              </li>
            ) : null}
            {data.leftOut > 0 ? <li>Of everyone waiting, {count(data.leftOut, 'member is', 'members are')} left out by your choices.</li> : null}
          </ul>
          <FormError id={`${id}-error`} message={error ? errorMessage(error) : null} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={admitting}>
              Cancel
            </Button>
            <Button onClick={onAdmit} disabled={admitting || data.admitting === 0}>
              {admitting ? <Spinner /> : null}
              Let {count(data.admitting, 'member', 'members')} in
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
