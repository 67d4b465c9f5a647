import { Check, Copy, Download } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';

/**
 * Ten recovery codes, shown this once (the server keeps only their hashes): copy, download, and
 * a button to go on once they are saved. The heading takes the focus when the codes appear.
 */
export function RecoveryCodes({
  codes,
  doneLabel,
  onDone,
  headingLevel = 'h2',
}: {
  codes: string[];
  doneLabel: string;
  onDone: () => void;
  /** h3 inside a panel that has its own h2. */
  headingLevel?: 'h2' | 'h3';
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const Heading = headingLevel;
  useEffect(() => heading.current?.focus(), []);
  const text = `Swishly staff recovery codes (each signs in once)\n\n${codes.join('\n')}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      notify.success('Recovery codes copied');
    } catch {
      notify.error('Could not copy', 'Select the codes and copy them, or download them.');
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'swishly-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <Heading id={`${id}-title`} ref={heading} tabIndex={-1} className="text-lg font-semibold text-foreground outline-none">
        Save your recovery codes
      </Heading>
      <p className="text-sm text-muted">
        If you lose your phone, each of these codes signs you in once instead of a code from the app. Keep them somewhere safe: they will not be shown again.
      </p>
      <ol aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-2xl border border-border bg-surface p-4 font-mono text-sm text-foreground">
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy className="size-4" aria-hidden="true" />
          Copy
        </Button>
        <Button variant="secondary" onClick={download}>
          <Download className="size-4" aria-hidden="true" />
          Download
        </Button>
        <Button onClick={onDone}>
          <Check className="size-4" aria-hidden="true" />
          {doneLabel}
        </Button>
      </div>
    </section>
  );
}
