import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { notify } from '@/components/ui/toast';
import { FieldShell, TextInput } from '@/components/ui/form-controls';
import { Tooltip } from '@/components/ui/tooltip';
import { MIN_PASSWORD_LENGTH, passwordProblem } from '../lib/password';

/**
 * The state of a new-password form (reset and change password, an accepted invitation): the two
 * fields, the shown problem, `fail` to show one (inline and as a toast titled `failTitle`), and
 * `check` for the spec's rules.
 */
export function useNewPasswordForm(failTitle = 'Password not updated') {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function fail(message: string) {
    setProblem(message);
    notify.error(failTitle, message);
  }

  /** True when the passwords meet the rules (clearing any old problem); else says why. */
  function check(): boolean {
    const clientProblem = passwordProblem(password, confirmPassword);
    if (clientProblem) {
      fail(clientProblem);
      return false;
    }
    setProblem(null);
    return true;
  }

  const fields = {
    password,
    confirmPassword,
    onPasswordChange: setPassword,
    onConfirmChange: setConfirmPassword,
    invalid: problem !== null,
  };
  return { password, confirmPassword, problem, fail, check, fields };
}

/** A new password and its confirmation, with a show/hide toggle. */
export function PasswordFields({
  idPrefix,
  password,
  confirmPassword,
  onPasswordChange,
  onConfirmChange,
  errorId,
  invalid,
  passwordLabel = 'New password',
  confirmLabel = 'Confirm password',
}: {
  idPrefix: string;
  password: string;
  confirmPassword: string;
  onPasswordChange: (value: string) => void;
  onConfirmChange: (value: string) => void;
  /** The id of the form's error message, linked to both fields. */
  errorId: string;
  invalid: boolean;
  passwordLabel?: string;
  confirmLabel?: string;
}) {
  const [visible, setVisible] = useState(false);
  const type = visible ? 'text' : 'password';
  return (
    <>
      <FieldShell id={`${idPrefix}-password`} label={passwordLabel} required hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}>
        <div className="relative">
          <TextInput
            id={`${idPrefix}-password`}
            name="new-password"
            type={type}
            required
            autoComplete="new-password"
            maxLength={200}
            value={password}
            onChange={(event) => onPasswordChange(event.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={`${idPrefix}-password-hint ${errorId}`}
            className="pr-12"
          />
          <Tooltip label="Show passwords">
            <button
              type="button"
              onClick={() => setVisible((value) => !value)}
              aria-label="Show passwords"
              aria-pressed={visible}
              className="absolute inset-y-0 right-1 my-auto inline-flex size-9 items-center justify-center rounded-full text-muted transition-colors hover:bg-surface hover:text-foreground"
            >
              {visible ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
            </button>
          </Tooltip>
        </div>
      </FieldShell>
      <FieldShell id={`${idPrefix}-confirm`} label={confirmLabel} required>
        <TextInput
          id={`${idPrefix}-confirm`}
          name="confirm-password"
          type={type}
          required
          autoComplete="new-password"
          maxLength={200}
          value={confirmPassword}
          onChange={(event) => onConfirmChange(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={errorId}
        />
      </FieldShell>
    </>
  );
}
