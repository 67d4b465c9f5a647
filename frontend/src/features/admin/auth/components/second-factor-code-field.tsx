import type { Ref } from 'react';
import { FieldShell, TextInput } from '@/components/ui/form-controls';

/**
 * The second step's code: six digits from the authenticator app (a numeric keyboard, and the
 * browser may offer a code it received), or, when `recovery` is on, one of the recovery codes.
 */
export function SecondFactorCodeField({
  id,
  value,
  onChange,
  recovery = false,
  errorId,
  invalid,
  autoFocus,
  inputRef,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  recovery?: boolean;
  errorId: string;
  invalid: boolean;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  return (
    <FieldShell
      id={id}
      label={recovery ? 'Recovery code' : 'Authentication code'}
      hint={recovery ? 'One of the ten recovery codes you saved, like abcde-fghjk. Each works once.' : 'The 6-digit code your authenticator app shows now.'}
    >
      <TextInput
        ref={inputRef}
        id={id}
        name="code"
        required
        autoFocus={autoFocus}
        autoComplete="one-time-code"
        inputMode={recovery ? 'text' : 'numeric'}
        pattern={recovery ? undefined : '[0-9 ]*'}
        maxLength={recovery ? 20 : 7}
        spellCheck={false}
        autoCapitalize="none"
        autoCorrect="off"
        className="font-mono tracking-widest"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-hint ${errorId}`}
      />
    </FieldShell>
  );
}
