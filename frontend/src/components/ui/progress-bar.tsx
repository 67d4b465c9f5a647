/** How much of `max` is done, in whole percent (all of nothing is done). */
export function percentOf(value: number, max: number): number {
  return max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 100;
}

/** A labelled progress bar (role progressbar): how much of `max` is done. */
export function ProgressBar({ label, value, max }: { label: string; value: number; max: number }) {
  const percent = percentOf(value, max);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      className="mt-2 h-2.5 overflow-hidden rounded-full bg-surface ring-1 ring-border"
    >
      <div className="h-full rounded-full bg-brand-solid transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
