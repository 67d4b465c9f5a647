import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { copyText } from '@/lib/clipboard';

/**
 * A key just made, shown this once (the server keeps only its hash): copy it, then Done. The
 * heading takes the focus when the panel appears, so a screen reader hears it first.
 */
export function NewApiKeyPanel({ name, apiKey, onDone }: { name: string; apiKey: string; onDone: () => void }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  async function copy() {
    try {
      await copyText(apiKey);
      notify.success('API key copied');
    } catch {
      notify.error('Could not copy', 'Select the key and copy it.');
    }
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mb-6 space-y-4 rounded-2xl border border-emerald-600/30 bg-emerald-50 p-5 sm:p-6 dark:border-emerald-400/30 dark:bg-emerald-500/10"
    >
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-lg font-semibold text-foreground outline-none">
        Your new API key “{name}”
      </h3>
      <p className="text-sm text-foreground">
        Copy it now and keep it somewhere safe: <strong>it won’t be shown again</strong>. Whoever holds it can use it until it is revoked.
      </p>
      <code aria-label="API key" className="block rounded-xl border border-border bg-elevated p-3 font-mono text-sm break-all text-foreground select-all">
        {apiKey}
      </code>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy className="size-4" aria-hidden="true" />
          Copy
        </Button>
        <Button onClick={onDone}>
          <Check className="size-4" aria-hidden="true" />
          Done
        </Button>
      </div>
    </section>
  );
}
