import { Fingerprint, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FieldShell, FormError, Spinner, TextInput } from '@/components/ui/form-controls';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatAdminDate } from '@/features/admin/shell/lib/format';
import { passkeyPromptClosed, passkeysSupported, useAddPasskey, usePasskeys, useRemovePasskey, type Passkey } from '../api/passkeys';

/**
 * The signed-in account's passkeys: each by name, with when it was added and last used, removed
 * on confirmation, and a new one added with the browser's own prompt. A first factor's recovery
 * codes go to `onRecoveryCodes`, shown once by the panel.
 */
export function PasskeysSection({ required, onRecoveryCodes }: { required: boolean; onRecoveryCodes: (codes: string[]) => void }) {
  const id = useId();
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const supported = passkeysSupported();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending) return;
    setProblem(null);
    add.mutate(name.trim(), {
      onSuccess: ({ passkey, recoveryCodes }) => {
        notify.success(`Passkey “${passkey.name}” added`);
        setName('');
        if (recoveryCodes.length > 0) onRecoveryCodes(recoveryCodes);
      },
      onError: (error) =>
        setProblem(passkeyPromptClosed(error) ? 'No passkey was made: the prompt was closed. Try again when you are ready.' : errorMessage(error)),
    });
  }

  const list = passkeys.data ?? [];
  const lastFactorLocked = required && list.length === 1;

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4 border-t border-border pt-5">
      <div>
        <h3 id={`${id}-heading`} className="font-medium text-foreground">
          Passkeys
        </h3>
        <p className="mt-1 text-sm text-muted">Sign in&rsquo;s second step with your fingerprint, face or device PIN instead of typing a code.</p>
      </div>
      {passkeys.isPending ? <Spinner /> : null}
      {passkeys.error ? <FormError id={`${id}-load-error`} message={errorMessage(passkeys.error)} /> : null}
      {list.length > 0 ? (
        <ul className="divide-y divide-border rounded-xl border border-border" aria-label="Your passkeys">
          {list.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="truncate font-medium text-foreground">{passkey.name}</p>
                <p className="text-sm text-muted">
                  Added {formatAdminDate(passkey.createdAt)} · {passkey.lastUsedAt ? `last used ${formatAdminDate(passkey.lastUsedAt)}` : 'not used yet'}
                </p>
              </div>
              <Button
                variant="secondary"
                disabled={remove.isPending || lastFactorLocked}
                aria-label={`Remove passkey ${passkey.name}`}
                title={lastFactorLocked ? 'Every staff account must keep a second factor' : undefined}
                onClick={() => setRemoving(passkey)}
              >
                <Trash2 className="size-4" aria-hidden="true" />
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {supported ? (
        <form onSubmit={submit} aria-label="Add a passkey" aria-busy={add.isPending} className="flex flex-wrap items-end gap-3">
          <FieldShell id={`${id}-name`} label="Name" optional hint="To tell your passkeys apart, e.g. “Work laptop”." className="min-w-48 flex-1">
            <TextInput
              id={`${id}-name`}
              value={name}
              maxLength={100}
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
              aria-describedby={problem ? `${id}-error` : undefined}
            />
          </FieldShell>
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? <Spinner /> : <Fingerprint className="size-4" aria-hidden="true" />}
            Add a Passkey
          </Button>
          <div className="basis-full">
            <FormError id={`${id}-error`} message={problem} />
          </div>
        </form>
      ) : (
        <p className="text-sm text-muted">This browser can&rsquo;t make passkeys.</p>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? null : setRemoving(null))}
        title="Remove this passkey?"
        description={`“${removing?.name ?? ''}” will no longer sign you in.${list.length === 1 ? ' It is your last passkey.' : ''}`}
        confirmLabel="Remove Passkey"
        destructive
        busy={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              notify.success('Passkey removed');
              setRemoving(null);
            },
            onError: (error) => notify.error('Could not remove the passkey', errorMessage(error)),
          })
        }
      />
    </section>
  );
}
