import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldShell, FormError, Spinner, TextInput } from '@/components/ui/form-controls';
import { notify } from '@/components/ui/toast';
import { ROLE_DESCRIPTIONS, ROLE_LABELS, type StaffRole } from '@/features/admin/shell/lib/staff-access';
import { useOneAtATime } from '@/features/admin/shell/lib/use-one-at-a-time';
import { staffErrorMessage, useInvite } from '../api/staff';

/**
 * Invite someone to the team: their email and a role, each role with a line saying what it
 * can do. The invitation is emailed with a link valid for 72 hours.
 */
export function InviteDialog({ open, onOpenChange, roles }: { open: boolean; onOpenChange: (open: boolean) => void; roles: StaffRole[] }) {
  const id = useId();
  const invite = useInvite();
  const oneAtATime = useOneAtATime();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!role) return setProblem('Choose the role the invitation gives.');
    setProblem(null);
    oneAtATime((done) =>
      invite.mutate(
        { email: email.trim(), role },
        {
          // Sent: the guard stays taken while the dialog closes, since a double click's second click can
          // reach the form after the answer on a busy machine; the next invitation opens a new dialog.
          onSuccess: (invitation) => {
            notify.success('Invitation sent', `${invitation.email} has 72 hours to accept it.`);
            onOpenChange(false);
          },
          onError: (error) => {
            setProblem(staffErrorMessage(error));
            done();
          },
        },
      ),
    );
  }

  const errorId = `${id}-error`;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && invite.isPending) return;
        onOpenChange(next);
      }}
      title="Invite to the team"
      description="We email them a link to choose a password. It works for 72 hours."
      size="lg"
    >
      <form onSubmit={submit} aria-label="Invite to the team" aria-busy={invite.isPending} className="space-y-5">
        <FieldShell id={`${id}-email`} label="Email" required>
          <TextInput
            id={`${id}-email`}
            name="email"
            type="email"
            required
            autoComplete="off"
            inputMode="email"
            spellCheck={false}
            maxLength={254}
            placeholder="name@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-describedby={errorId}
          />
        </FieldShell>
        <fieldset aria-describedby={errorId}>
          <legend className="mb-1.5 block text-sm font-medium text-foreground">
            Role
            <span aria-hidden="true" className="text-brand">
              {' '}
              *
            </span>
          </legend>
          <div className="grid gap-2">
            {roles.map((value) => (
              <label
                key={value}
                className="flex cursor-pointer items-start gap-3 rounded-xl border border-border p-3 has-checked:border-brand-solid has-checked:bg-brand-soft has-focus-visible:outline-2 has-focus-visible:outline-ring"
              >
                <input
                  type="radio"
                  name={`${id}-role`}
                  value={value}
                  checked={role === value}
                  onChange={() => setRole(value)}
                  className="mt-1 size-4 accent-(--brand-solid) focus-visible:outline-none"
                />
                <span className="min-w-0">
                  <span className="block text-sm font-semibold text-foreground">{ROLE_LABELS[value]}</span>
                  <span className="block text-sm text-muted">{ROLE_DESCRIPTIONS[value]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <FormError id={errorId} message={problem} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={invite.isPending}>
            {invite.isPending ? <Spinner /> : <Send className="size-4" aria-hidden="true" />}
            {invite.isPending ? 'Sending…' : 'Send invitation'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
