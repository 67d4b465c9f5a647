import { FieldShell, TextInput } from './form-controls';

/** The sign-up forms' two required fields (spec §5: first name and email, the browser checking the email). */
export function NameAndEmailFields({
  id,
  firstName,
  email,
  onFirstNameChange,
  onEmailChange,
  className = 'grid gap-4',
}: {
  id: string;
  firstName: string;
  email: string;
  onFirstNameChange: (value: string) => void;
  onEmailChange: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <FieldShell id={`${id}-first-name`} label="First name">
        <TextInput
          id={`${id}-first-name`}
          controlSize="lg"
          name="first_name"
          type="text"
          required
          maxLength={100}
          autoComplete="given-name"
          placeholder="Your first name"
          value={firstName}
          onChange={(event) => onFirstNameChange(event.target.value)}
        />
      </FieldShell>
      <FieldShell id={`${id}-email`} label="Email">
        <TextInput
          id={`${id}-email`}
          controlSize="lg"
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          placeholder="you@example.com"
          value={email}
          onChange={(event) => onEmailChange(event.target.value)}
        />
      </FieldShell>
    </div>
  );
}
