/** Marks made-up content (content/people.ts `sample: true`), which only development shows. */
export function SampleTag({ className }: { className?: string }) {
  return (
    <span
      className={`rounded-full border border-dashed border-border-strong px-2 py-0.5 text-[0.6875rem] leading-none font-semibold tracking-wide text-muted uppercase ${className ?? ''}`}
      title="Sample content: shown in development only, never to visitors"
    >
      Sample
    </span>
  );
}
