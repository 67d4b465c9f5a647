import { KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldShell, FormError, Spinner, TextInput } from '@/components/ui/form-controls';
import { errorMessage } from '@/lib/api-client';
import { useOneAtATime } from '@/features/admin/shell/lib/use-one-at-a-time';
import { SCOPES, useCreateApiKey, type ApiKeyScope, type CreatedApiKey } from '../api/api-keys';

/**
 * Make an API key: a name to tell it apart and what it may do (at least one scope). The key
 * itself goes to `onCreated`, which shows it this once.
 */
export function CreateApiKeyDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: CreatedApiKey & { name: string }) => void;
}) {
  const id = useId();
  const create = useCreateApiKey();
  const oneAtATime = useOneAtATime();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['members:read']);
  const [problems, setProblems] = useState<{ name?: string; scopes?: string; server?: string }>({});

  function toggle(scope: ApiKeyScope, on: boolean) {
    setScopes((current) => (on ? [...current, scope] : current.filter((one) => one !== scope)));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = {
      name: name.trim() ? undefined : 'Name the key, so you can tell it apart later.',
      scopes: scopes.length > 0 ? undefined : 'Choose at least one thing the key may do.',
    };
    setProblems(found);
    if (found.name || found.scopes) return;
    // Made: the guard stays taken while the dialog closes (a double click's second click can reach
    // the form after the answer on a busy machine); the next key opens a new dialog.
    oneAtATime((done) =>
      create.mutate(
        { name: name.trim(), scopes },
        {
          onSuccess: (created) => {
            onCreated({ ...created, name: name.trim() });
            onOpenChange(false);
          },
          onError: (error) => {
            setProblems({ server: errorMessage(error) });
            done();
          },
        },
      ),
    );
  }

  const nameError = `${id}-name-error`;
  const scopesError = `${id}-scopes-error`;
  const serverError = `${id}-error`;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && create.isPending) return;
        onOpenChange(next);
      }}
      title="Create API key"
      description="Another system (an automation tool, a CRM) uses it to read or add the waitlist’s members. You see the key once, right after."
      size="lg"
    >
      <form onSubmit={submit} noValidate aria-label="Create API key" aria-busy={create.isPending} className="space-y-5">
        <FieldShell id={`${id}-name`} label="Name" required hint="Who uses it, e.g. Zapier or CRM sync.">
          <TextInput
            id={`${id}-name`}
            name="name"
            required
            autoComplete="off"
            maxLength={100}
            value={name}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={problems.name ? true : undefined}
            aria-describedby={`${id}-name-hint ${nameError}`}
          />
          <FormError id={nameError} message={problems.name ?? null} className="mt-1.5" />
        </FieldShell>
        <fieldset aria-describedby={scopesError}>
          <legend className="mb-1.5 block text-sm font-medium text-foreground">
            What it may do
            <span aria-hidden="true" className="text-brand">
              {' '}
              *
            </span>
          </legend>
          <div className="grid gap-2">
            {SCOPES.map(({ scope, label, description }) => (
              <label
                key={scope}
                className="flex cursor-pointer items-start gap-3 rounded-xl border border-border p-3 has-checked:border-brand-solid has-checked:bg-brand-soft has-focus-visible:outline-2 has-focus-visible:outline-ring"
              >
                <input
                  type="checkbox"
                  name="scopes"
                  value={scope}
                  checked={scopes.includes(scope)}
                  onChange={(event) => toggle(scope, event.target.checked)}
                  className="mt-1 size-4 accent-(--brand-solid) focus-visible:outline-none"
                />
                <span className="min-w-0">
                  <span className="block text-sm font-semibold text-foreground">
                    {label} <code className="font-mono text-xs font-normal text-muted">{scope}</code>
                  </span>
                  <span className="block text-sm text-muted">{description}</span>
                </span>
              </label>
            ))}
          </div>
          <FormError id={scopesError} message={problems.scopes ?? null} className="mt-1.5" />
        </fieldset>
        <FormError id={serverError} message={problems.server ?? null} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? <Spinner /> : <KeyRound className="size-4" aria-hidden="true" />}
            {create.isPending ? 'Creating…' : 'Create key'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
