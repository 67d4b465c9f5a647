import { Fingerprint } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormError, Spinner } from '@/components/ui/form-controls';
import { ApiError, errorMessage } from '@/lib/api-client';
import { passkeyPromptClosed, passkeysSupported, usePasskeySignIn } from '../api/passkeys';
import type { SignedIn } from '../api/auth';

/**
 * The sign-in's second step by passkey: one button opening the browser's passkey prompt. Shown
 * only where the browser can use passkeys; an account without one is told to use a code.
 */
export function PasskeySignIn({ onSignedIn, onExpired }: { onSignedIn: (session: SignedIn) => void; onExpired: (error: unknown) => void }) {
  const id = useId();
  const signIn = usePasskeySignIn();
  const [problem, setProblem] = useState<string | null>(null);
  if (!passkeysSupported()) return null;

  function start() {
    if (signIn.isPending) return;
    setProblem(null);
    signIn.mutate(undefined, {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'sign_in_expired') return onExpired(error);
        if (passkeyPromptClosed(error)) {
          return setProblem('The passkey prompt was closed. Try again, or use a code below.');
        }
        setProblem(errorMessage(error));
      },
    });
  }

  return (
    <div className="space-y-3">
      <Button
        variant="secondary"
        size="lg"
        className="w-full"
        onClick={start}
        disabled={signIn.isPending}
        aria-describedby={problem ? `${id}-error` : undefined}
      >
        {signIn.isPending ? <Spinner /> : <Fingerprint className="size-4" aria-hidden="true" />}
        {signIn.isPending ? 'Waiting for your passkey...' : 'Use a Passkey'}
      </Button>
      <FormError id={`${id}-error`} message={problem} />
      <p className="text-center text-sm text-muted">or enter a code</p>
    </div>
  );
}
