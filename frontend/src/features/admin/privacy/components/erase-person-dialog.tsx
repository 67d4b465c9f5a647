import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldShell, FormError, Spinner, TextInput } from '@/components/ui/form-controls';
import { errorMessage } from '@/lib/api-client';

/**
 * Erasure can't be undone: staff type the address again before the button works (a typed
 * confirmation, as for deleting a repository), so a slip of the mouse never erases anyone.
 */
export function ErasePersonDialog({
  email,
  open,
  onOpenChange,
  busy,
  error,
  onErase,
}: {
  email: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  error: unknown;
  onErase: () => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === email.toLowerCase();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (matches && !busy) onErase();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setTyped('');
        onOpenChange(next);
      }}
      role="alertdialog"
      size="sm"
      title="Erase this person?"
      description={
        <>
          Everything we hold under <strong className="text-foreground">{email}</strong> is deleted for good: the waitlist entry (the people behind move up one
          place), messages, shot claims, coach chats, access codes and emails. An unsubscribe or a bounce still holds.
        </>
      }
    >
      <form onSubmit={submit}>
        <FieldShell id={`${id}-confirm`} label="Type the address to confirm">
          <TextInput
            id={`${id}-confirm`}
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-describedby={error ? `${id}-error` : undefined}
          />
        </FieldShell>
        <FormError id={`${id}-error`} message={error ? errorMessage(error) : null} />
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={!matches || busy} className="bg-red-700 text-white hover:bg-red-800 dark:bg-red-600 dark:hover:bg-red-500">
            {busy ? <Spinner /> : null}
            Erase permanently
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
