import { Dices, Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useCreateEarlyAccessCode } from '../api/early-access';
import { Dialog } from '@/components/ui/dialog';
import { FieldShell, Spinner, TextInput } from '@/components/ui/form-controls';
import { EARLY_ACCESS_CODE_LENGTH, generateEarlyAccessCode } from '../lib/early-access-code';
import { normalizeCode } from '@/features/admin/shell/lib/format';
import { CodeInput } from '@/features/admin/shell/components/code-input';

interface CodeForm {
  firstName: string;
  email: string;
  code: string;
}

const EMPTY_FORM: CodeForm = { firstName: '', email: '', code: '' };

export function CreateCodeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const create = useCreateEarlyAccessCode();
  const [form, setForm] = useState<CodeForm>(EMPTY_FORM);

  const update = (name: keyof CodeForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({
      ...current,
      [name]: event.target.value,
    }));

  function changeOpen(next: boolean) {
    if (!next) {
      setForm(EMPTY_FORM);
      create.reset();
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    create.mutate(
      { firstName: form.firstName.trim(), email: form.email.trim(), code: normalizeCode(form.code) },
      {
        onSuccess: (created) => {
          notify.success('Code created', `${created.code} is ready for ${created.firstName}.`);
          changeOpen(false);
        },
        onError: (error) => notify.error('Failed to create early access code', error instanceof ApiError && error.message ? error.message : undefined),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen} title="Create Early Access Code" description="A personal code for one person. All fields are required.">
      <form onSubmit={submit} aria-label="Create early access code" aria-busy={create.isPending} className="space-y-5">
        <FieldShell id={`${id}-first-name`} label="First name" required>
          <TextInput
            id={`${id}-first-name`}
            name="firstName"
            required
            maxLength={100}
            autoComplete="off"
            value={form.firstName}
            onChange={update('firstName')}
          />
        </FieldShell>
        <FieldShell id={`${id}-email`} label="Email" required>
          <TextInput
            id={`${id}-email`}
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="off"
            inputMode="email"
            spellCheck={false}
            value={form.email}
            onChange={update('email')}
          />
        </FieldShell>
        <FieldShell
          id={`${id}-code`}
          label="Code"
          required
          hint={`Letters and digits, upper case. Generate makes ${EARLY_ACCESS_CODE_LENGTH} characters without look-alikes (no I, O, 0 or 1).`}
        >
          <div className="flex gap-2">
            <CodeInput
              id={`${id}-code`}
              aria-describedby={`${id}-code-hint`}
              value={form.code}
              onValueChange={(code) => setForm((current) => ({ ...current, code }))}
            />
            <Button variant="secondary" className="h-11 shrink-0" onClick={() => setForm((current) => ({ ...current, code: generateEarlyAccessCode() }))}>
              <Dices className="size-4" aria-hidden="true" />
              Generate
            </Button>
          </div>
        </FieldShell>
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => changeOpen(false)} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? <Spinner /> : <Plus className="size-4" aria-hidden="true" />}
            {create.isPending ? 'Creating...' : 'Create Code'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
