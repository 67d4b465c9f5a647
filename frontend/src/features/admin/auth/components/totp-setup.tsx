import { Copy, ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormError, Spinner } from '@/components/ui/form-controls';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useConfirmTotp, type TotpConfirmed, type TotpSetup } from '../api/second-factor';
import { SecondFactorCodeField } from './second-factor-code-field';

/** The secret in groups of four, as people type it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Adding the authenticator app: its QR code (and the key as text, for people who type it), then
 * the app's first code, which turns two-step sign-in on.
 */
export function TotpSetupSteps({ setup, onConfirmed, onCancel }: { setup: TotpSetup; onConfirmed: (answer: TotpConfirmed) => void; onCancel?: () => void }) {
  const id = useId();
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = `${id}-error`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (confirm.isPending) return;
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) return setProblem('Enter the 6-digit code your authenticator app shows.');
    setProblem(null);
    confirm.mutate(code, {
      onSuccess: onConfirmed,
      onError: (error) => {
        setProblem(errorMessage(error));
        setCode('');
      },
    });
  }

  async function copySecret() {
    try {
      await navigator.clipboard.writeText(setup.secret);
      notify.success('Key copied');
    } catch {
      notify.error('Could not copy', 'Select the key and copy it.');
    }
  }

  return (
    <div className="space-y-6">
      <ol className="list-decimal space-y-6 pl-5 text-sm text-foreground marker:font-semibold marker:text-muted">
        <li className="space-y-3">
          <p>Scan this QR code with an authenticator app on your phone (1Password, Google Authenticator, Microsoft Authenticator...).</p>
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrCodeSvg)}`}
            alt="QR code that adds Swishly to an authenticator app"
            width={192}
            height={192}
            className="size-48 rounded-2xl border border-border bg-white p-2"
          />
          <div>
            <p className="text-muted" id={`${id}-key-label`}>
              Can&rsquo;t scan it? Enter this key in the app instead:
            </p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <code
                aria-labelledby={`${id}-key-label`}
                data-testid="totp-secret"
                className="rounded-lg bg-surface px-3 py-2 font-mono text-sm break-all text-foreground select-all"
              >
                {grouped(setup.secret)}
              </code>
              <Button variant="ghost" size="sm" onClick={() => void copySecret()}>
                <Copy className="size-4" aria-hidden="true" />
                Copy key
              </Button>
            </div>
          </div>
        </li>
        <li>
          <form onSubmit={submit} aria-label="Confirm the authenticator app" aria-busy={confirm.isPending} className="space-y-4">
            <SecondFactorCodeField id={`${id}-code`} value={code} onChange={setCode} errorId={errorId} invalid={problem !== null} />
            <FormError id={errorId} message={problem} />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" disabled={confirm.isPending}>
                {confirm.isPending ? <Spinner /> : <ShieldCheck className="size-4" aria-hidden="true" />}
                {confirm.isPending ? 'Checking...' : 'Turn On'}
              </Button>
              {onCancel ? (
                <Button variant="secondary" onClick={onCancel} disabled={confirm.isPending}>
                  Cancel
                </Button>
              ) : null}
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}
