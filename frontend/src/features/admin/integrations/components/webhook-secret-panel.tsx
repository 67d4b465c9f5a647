import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { copyText } from '@/lib/clipboard';

/** A signing secret just made, for a new endpoint or by a rotation. */
export interface ShownSecret {
  endpointId: string;
  url: string;
  secret: string;
  rotated: boolean;
}

const SNIPPET = `import { Webhook } from 'standardwebhooks';

// body: the request's raw body, as received (a string)
// headers: its webhook-id, webhook-timestamp and webhook-signature
const event = new Webhook(secret).verify(body, headers); // throws when not ours`;

/**
 * A signing secret, shown this once (the server can make it again but never shows it again):
 * copy it, see how a receiver checks a delivery with it, then Done. The heading takes the focus
 * when the panel appears, so a screen reader hears it first.
 */
export function WebhookSecretPanel({ shown, onDone }: { shown: ShownSecret; onDone: () => void }) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  async function copy() {
    try {
      await copyText(shown.secret);
      notify.success('Signing secret copied');
    } catch {
      notify.error('Could not copy', 'Select the secret and copy it.');
    }
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mb-6 space-y-4 rounded-2xl border border-emerald-600/30 bg-emerald-50 p-5 sm:p-6 dark:border-emerald-400/30 dark:bg-emerald-500/10"
    >
      <h3 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-lg font-semibold text-foreground outline-none">
        {shown.rotated ? 'New signing secret' : 'Signing secret'} for <span className="break-all">{shown.url}</span>
      </h3>
      <p className="text-sm text-foreground">
        <strong>This secret is shown once.</strong> Store it where your receiver can read it.
        {shown.rotated ? ' The old secret keeps signing beside it for 24 hours, so the receiver can switch without missing a delivery.' : null}
      </p>
      <code
        aria-label="Signing secret"
        className="block rounded-xl border border-border bg-elevated p-3 font-mono text-sm break-all text-foreground select-all"
      >
        {shown.secret}
      </code>
      <div>
        <p className="text-sm text-foreground">
          To check a delivery in Node.js, with the <code className="font-mono text-xs">standardwebhooks</code> package:
        </p>
        <pre className="mt-2 rounded-xl border border-border bg-elevated p-3 font-mono text-xs leading-relaxed wrap-break-word whitespace-pre-wrap text-foreground">
          <code>{SNIPPET}</code>
        </pre>
      </div>
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
