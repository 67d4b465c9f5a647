import { ArrowLeft, Fingerprint, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/form-controls';
import { notify } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import type { SignedIn } from '../api/auth';
import { passkeyPromptClosed, passkeysSupported, useAddPasskey } from '../api/passkeys';
import { useStartTotpSetup, type TotpSetup } from '../api/second-factor';
import { RecoveryCodes } from './recovery-codes';
import { TotpSetupSteps } from './totp-setup';

/**
 * Every account must have a second factor and this one has none (a sign-in, a reset or an
 * accepted invitation): set one up (an authenticator app, or a passkey where the browser can make
 * one), save the codes, then in (`onSignedIn`, with the session when the server gave it).
 */
export function SecondFactorSetupStep({
  onSignedIn,
  onBack,
  backLabel = 'Back to login',
}: {
  onSignedIn: (session: SignedIn | undefined) => void;
  onBack: () => void;
  backLabel?: string;
}) {
  const start = useStartTotpSetup();
  const addPasskey = useAddPasskey();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [done, setDone] = useState<{ codes: string[]; session: SignedIn | undefined } | null>(null);

  /** A set-up that failed says so; 401 means the pending sign-in has ended, and only the password starts another. */
  const failedTo = (title: string) => (error: unknown) => {
    const ended = error instanceof ApiError && error.status === 401;
    notify.error(ended ? 'Sign-in expired' : title, errorMessage(error));
    if (ended) onBack();
  };

  if (done) {
    return <RecoveryCodes codes={done.codes} doneLabel="Continue" onDone={() => onSignedIn(done.session)} />;
  }
  if (setup)
    return <TotpSetupSteps setup={setup} onConfirmed={(answer) => setDone({ codes: answer.recoveryCodes, session: answer.signedIn })} onCancel={onBack} />;
  return (
    <div className="space-y-5">
      <Button
        size="lg"
        className="w-full"
        disabled={start.isPending}
        onClick={() =>
          start.mutate(undefined, {
            onSuccess: setSetup,
            onError: failedTo('Could not start the set-up'),
          })
        }
      >
        {start.isPending ? <Spinner /> : <ShieldCheck className="size-4" aria-hidden="true" />}
        Set Up Now
      </Button>
      {passkeysSupported() ? (
        <Button
          variant="secondary"
          size="lg"
          className="w-full"
          disabled={addPasskey.isPending}
          onClick={() =>
            addPasskey.mutate('', {
              onSuccess: (answer) => setDone({ codes: answer.recoveryCodes, session: answer.signedIn }),
              onError: (error) => passkeyPromptClosed(error) || failedTo('Could not add the passkey')(error),
            })
          }
        >
          {addPasskey.isPending ? <Spinner /> : <Fingerprint className="size-4" aria-hidden="true" />}
          Use a Passkey Instead
        </Button>
      ) : null}
      <Button variant="ghost" className="w-full" onClick={onBack}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        {backLabel}
      </Button>
    </div>
  );
}
