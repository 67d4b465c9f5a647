import { ProgressBar } from '@/components/ui/progress-bar';
import { percentDone, type BroadcastProgress } from '../api/broadcasts';

const n = (value: number) => value.toLocaleString('en-US');

/**
 * How far an announcement has got: a bar over sent, skipped and failed emails of the total. The
 * counts are those of when it was sent; recipients erased since are said apart.
 */
export function BroadcastProgressBar({ progress, label }: { progress: BroadcastProgress; label: string }) {
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
