import { CalendarClock } from 'lucide-react';
import { ProgressBar } from '@/components/ui/progress-bar';
import { formatAdminDateTime } from '@/features/admin/shell/lib/format';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { percentDone, useCancelBroadcast, type BroadcastProgress } from '../api/broadcasts';

const n = (value: number) => value.toLocaleString('en-US');

/**
 * How far an announcement has got: a bar over sent, skipped and failed emails of the total. The
 * counts are those of when it was sent; recipients erased since are said apart.
 */
export function BroadcastProgressBar({ progress, label }: { progress: BroadcastProgress; label: string }) {
  if (progress.status === 'scheduled' || progress.status === 'cancelled') {
    const at = formatAdminDateTime(progress.sendAt);
    return (
      <p className="flex items-center gap-2 text-sm">
        <CalendarClock className="size-4 shrink-0 text-muted" aria-hidden="true" />
        {progress.status === 'scheduled' ? `Scheduled for ${at}: the audience is counted then` : `Cancelled: it was to go on ${at}`}
      </p>
    );
  }
  const percent = percentDone(progress);
  const done = progress.status === 'sent';
  return (
    <div>
      <div className="flex justify-between gap-3 text-sm">
        <span>
          {done ? 'Sent: ' : 'Sending: '}
          {n(progress.sent)} of {n(progress.total)} emails
          {progress.skipped > 0 ? `, ${n(progress.skipped)} skipped (unsubscribed, bounced or erased since)` : ''}
          {progress.failed > 0 ? `, ${n(progress.failed)} failed` : ''}
          {progress.erased > 0 ? ` · ${n(progress.erased)} ${progress.erased === 1 ? 'recipient' : 'recipients'} since erased` : ''}
        </span>
        <span className="shrink-0 whitespace-nowrap text-muted tabular-nums">{percent} %</span>
      </div>
      <ProgressBar label={label} value={percent} max={100} />
    </div>
  );
}

const rate = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)} %` : '–');

/**
 * What the announcement achieved, from the provider's signed events and the one-click unsubscribe:
 * each recipient counted once per kind. Delivered is a share of the emails sent; opens, clicks,
 * bounces, complaints and unsubscribes are shares of those delivered (opens are a floor: mail
 * clients that block images never report one).
 */
export function BroadcastRates({ progress }: { progress: BroadcastProgress }) {
  if (progress.sent === 0 || progress.status === 'scheduled' || progress.status === 'cancelled') return null;
  const delivered = progress.delivered;
  const rows: [string, number, string][] = [
    ['Delivered', delivered, rate(delivered, progress.sent)],
    ['Opened', progress.opened, rate(progress.opened, delivered)],
    ['Clicked', progress.clicked, rate(progress.clicked, delivered)],
    ['Bounced', progress.bounced, rate(progress.bounced, progress.sent)],
    ['Spam reports', progress.complained, rate(progress.complained, delivered)],
    ['Unsubscribed', progress.unsubscribed, rate(progress.unsubscribed, delivered)],
  ];
  return (
    <dl className="mt-2 grid grid-cols-3 gap-x-4 gap-y-1 text-xs sm:grid-cols-6" aria-label="What it achieved">
      {rows.map(([label, count, share]) => (
        <div key={label} className="min-w-0">
          <dt className="text-muted">{label}</dt>
          <dd className="tabular-nums">
            <span className="font-medium">{n(count)}</span> <span className="text-muted">{share}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Cancels a scheduled announcement, after a confirmation. */
export function CancelScheduled({ id, className }: { id: string; className?: string }) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelBroadcast();
  return (
    <>
      <Button variant="secondary" size="sm" className={className} onClick={() => setAsking(true)}>
        Cancel it
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title="Cancel this announcement?"
        description="It will not be sent. Write it again to send it later."
        confirmLabel="Cancel the announcement"
        busy={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(id, {
            onSuccess: () => {
              setAsking(false);
              notify.success('Announcement cancelled', 'Nobody will get it.');
            },
            onError: (e) => {
              setAsking(false);
              notify.error('Not cancelled', errorMessage(e));
            },
          })
        }
      />
    </>
  );
}
