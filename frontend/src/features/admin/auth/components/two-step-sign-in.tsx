import { KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FormError, Spinner } from '@/components/ui/form-controls';
import { Switch } from '@/components/ui/switch';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useStaffAccess } from '@/features/admin/shell/lib/staff-access';
import {
  useRegenerateRecoveryCodes,
  useSecondFactorStatus,
  useSecuritySettings,
  useStartTotpSetup,
  useTurnOffSecondFactor,
  useUpdateSecuritySettings,
  type TotpSetup,
} from '../api/second-factor';
import { PasskeysSection } from './passkeys-section';
import { RecoveryCodes } from './recovery-codes';
import { SecondFactorCodeField } from './second-factor-code-field';
import { TotpSetupSteps } from './totp-setup';

// The signed-in account's two-step sign-in (an authenticator app and recovery codes), and the
// setting that requires it of every staff account.

type Stage = { kind: 'idle' } | { kind: 'setting-up'; setup: TotpSetup } | { kind: 'codes'; codes: string[] } | { kind: 'asking'; action: 'off' | 'codes' };

/** A code from the app or a recovery code, for turning the factor off or making new recovery codes. */
function CodeCheckForm({
  label,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: (code: string, fail: (message: string) => void) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = `${id}-error`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!code.trim()) return setProblem(recovery ? 'Enter one of your recovery codes.' : 'Enter the 6-digit code your authenticator app shows.');
    setProblem(null);
    onSubmit(code, (message) => {
      setProblem(message);
      setCode('');
    });
  }

  return (
    <form onSubmit={submit} aria-label={label} aria-busy={busy} className="space-y-4">
      <SecondFactorCodeField id={`${id}-code`} value={code} onChange={setCode} recovery={recovery} errorId={errorId} invalid={problem !== null} autoFocus />
      <button
        type="button"
        onClick={() => setRecovery((value) => !value)}
        className="rounded text-sm font-medium text-brand underline-offset-4 hover:underline"
      >
        {recovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
      </button>
      <FormError id={errorId} message={problem} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner /> : null}
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The owner's setting: every staff account must sign in with a second factor. */
function RequireForEveryone() {
  const id = useId();
  const settings = useSecuritySettings();
  const update = useUpdateSecuritySettings();
  if (!settings.data) return null;
  const required = settings.data.requireSecondFactor;

  return (
    <div className="flex items-start justify-between gap-4 border-t border-border pt-5">
      <div>
        <p id={`${id}-label`} className="font-medium text-foreground">
          Require two-step sign-in for every staff account
        </p>
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          Accounts without it are asked to set it up at their next sign-in.
        </p>
      </div>
      <Switch
        checked={required}
        disabled={update.isPending}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        aria-busy={update.isPending}
        onCheckedChange={(requireSecondFactor) =>
          update.mutate(
            { requireSecondFactor },
            {
              onSuccess: () => notify.success(requireSecondFactor ? 'Two-step sign-in is now required' : 'Two-step sign-in is no longer required'),
              onError: (error) => notify.error('Could not change the setting', errorMessage(error)),
            },
          )
        }
      />
    </div>
  );
}

/** Status, set-up, recovery codes and turning off, for the signed-in account. */
export function TwoStepSignIn() {
  const status = useSecondFactorStatus();
  const start = useStartTotpSetup();
  const turnOff = useTurnOffSecondFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  // The setting is the owner's (settings): no other role asks for it.
  const { can } = useStaffAccess();

  if (status.isPending) return <Spinner />;
  if (!status.data) return <FormError id="two-step-error" message={errorMessage(status.error)} />;
  const { enabled, authenticatorApp, passkeys, recoveryCodesLeft, required } = status.data;

  function beginSetup() {
    start.mutate(undefined, {
      onSuccess: (setup) => setStage({ kind: 'setting-up', setup }),
      onError: (error) => notify.error('Could not start the set-up', errorMessage(error)),
    });
  }

  let body;
  if (stage.kind === 'setting-up') {
    body = (
      <TotpSetupSteps
        setup={stage.setup}
        onConfirmed={({ recoveryCodes }) => {
          notify.success('Two-step sign-in is on');
          setStage({ kind: 'codes', codes: recoveryCodes });
        }}
        onCancel={() => setStage({ kind: 'idle' })}
      />
    );
  } else if (stage.kind === 'codes') {
    body = <RecoveryCodes codes={stage.codes} doneLabel="I Have Saved Them" headingLevel="h3" onDone={() => setStage({ kind: 'idle' })} />;
  } else if (stage.kind === 'asking' && stage.action === 'off') {
    body = (
      <CodeCheckForm
        label="Turn off two-step sign-in"
        submitLabel="Turn Off"
        busy={turnOff.isPending}
        onCancel={() => setStage({ kind: 'idle' })}
        onSubmit={(code, fail) =>
          turnOff.mutate(code, {
            onSuccess: () => {
              notify.success('Two-step sign-in is off');
              setStage({ kind: 'idle' });
            },
            onError: (error) => fail(errorMessage(error)),
          })
        }
      />
    );
  } else if (stage.kind === 'asking') {
    body = (
      <CodeCheckForm
        label="Make new recovery codes"
        submitLabel="Make New Codes"
        busy={regenerate.isPending}
        onCancel={() => setStage({ kind: 'idle' })}
        onSubmit={(code, fail) =>
          regenerate.mutate(code, {
            onSuccess: ({ recoveryCodes }) => setStage({ kind: 'codes', codes: recoveryCodes }),
            onError: (error) => fail(errorMessage(error)),
          })
        }
      />
    );
  } else if (enabled) {
    const how =
      authenticatorApp && passkeys > 0
        ? 'a passkey or a code from your authenticator app'
        : authenticatorApp
          ? 'a code from your authenticator app'
          : 'a passkey';
    // The app can go while a passkey stays; the last factor can't while every account must have one.
    const appMayGo = authenticatorApp && (!required || passkeys > 0);
    body = (
      <div className="space-y-4">
        <p className="text-sm text-foreground">
          <span className="font-semibold">On.</span> Signing in asks for {how}.{' '}
          {recoveryCodesLeft === 1 ? '1 recovery code is left.' : `${recoveryCodesLeft} recovery codes are left.`}
        </p>
        {required ? <p className="text-sm text-muted">Every staff account must have it, so its last factor can&rsquo;t be removed.</p> : null}
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onClick={() => setStage({ kind: 'asking', action: 'codes' })}>
            <KeyRound className="size-4" aria-hidden="true" />
            New Recovery Codes
          </Button>
          {authenticatorApp ? null : (
            <Button variant="secondary" onClick={beginSetup} disabled={start.isPending}>
              {start.isPending ? <Spinner /> : <ShieldCheck className="size-4" aria-hidden="true" />}
              Add an Authenticator App
            </Button>
          )}
          {appMayGo ? (
            <Button variant="secondary" onClick={() => setStage({ kind: 'asking', action: 'off' })}>
              <ShieldOff className="size-4" aria-hidden="true" />
              {passkeys > 0 ? 'Remove the Authenticator App' : 'Turn Off'}
            </Button>
          ) : null}
        </div>
      </div>
    );
  } else {
    body = (
      <div className="space-y-4">
        <p className="text-sm text-foreground">
          <span className="font-semibold">Off.</span> Add a second step to signing in: a 6-digit code from an authenticator app on your phone, or a passkey
          below, so a password alone can&rsquo;t open your account.
        </p>
        <Button onClick={beginSetup} disabled={start.isPending}>
          {start.isPending ? <Spinner /> : <ShieldCheck className="size-4" aria-hidden="true" />}
          Set Up Two-Step Sign-In
        </Button>
      </div>
    );
  }

  return (
    <div className="space-y-5">
      {body}
      {stage.kind === 'idle' ? <PasskeysSection required={required} onRecoveryCodes={(codes) => setStage({ kind: 'codes', codes })} /> : null}
      {can('settings') ? <RequireForEveryone /> : null}
    </div>
  );
}
