import { KeyRound, LogOut, ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FieldShell, FormError, Spinner, TextInput } from '@/components/ui/form-controls';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { Panel } from '@/features/admin/shell/components/admin-page';
import { useChangePassword, useLogout, useSession } from '../api/auth';
import { FIRST_SIGN_IN_KEY } from '../lib/first-sign-in';
import { PasswordFields, useNewPasswordForm } from './password-fields';
import { TwoStepSignIn } from './two-step-sign-in';

// The head of the dashboard (spec §2 "Admin dashboard", §5 "Change password"): its title, a
// greeting with the signed-in email, the change-password form, two-step sign-in and logout.

function ChangePasswordForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const change = useChangePassword();
  const form = useNewPasswordForm();
  const [currentPassword, setCurrentPassword] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (change.isPending) return;
    if (!form.check()) return;
    if (!currentPassword) return form.fail('Current password is required');
    change.mutate(
      { currentPassword, password: form.password, confirmPassword: form.confirmPassword },
      {
        onSuccess: () => {
          notify.success('Password updated', 'Your other sessions have been signed out.');
          onDone();
        },
        onError: (error) => form.fail(errorMessage(error)),
      },
    );
  }

  const errorId = `${id}-error`;
  return (
    <form onSubmit={submit} aria-label="Change password" aria-busy={change.isPending} className="grid gap-5 sm:grid-cols-2">
      {/* Checked in submit (after the new passwords), so its message shows like theirs. */}
      <FieldShell id={`${id}-current`} label="Current password" required className="sm:col-span-2">
        <TextInput
          id={`${id}-current`}
          name="current-password"
          type="password"
          aria-required="true"
          autoComplete="current-password"
          maxLength={200}
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
          aria-invalid={form.problem !== null || undefined}
          aria-describedby={errorId}
        />
      </FieldShell>
      <PasswordFields idPrefix={id} errorId={errorId} {...form.fields} />
      <div className="sm:col-span-2">
        <FormError id={errorId} message={form.problem} />
      </div>
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? <Spinner /> : <KeyRound className="size-4" aria-hidden="true" />}
          {change.isPending ? 'Updating...' : 'Update Password'}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={change.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The title and the signed-in account: its greeting, Change Password and Two-Step Sign-In (opening their panels below) and Logout. */
export function AccountHeader({ title }: { title: string }) {
  const session = useSession();
  const logout = useLogout();
  const navigate = useNavigate();
  const [open, setOpen] = useState<'password' | 'two-step' | null>(null);
  const formId = useId();
  const twoStepId = useId();
  const toggle = (panel: 'password' | 'two-step') => setOpen((current) => (current === panel ? null : panel));
  const email = session.data?.user.email ?? '';

  function signOut() {
    logout.mutate(undefined, {
      onSettled: (_data, error) => {
        if (error) notify.error('Logout failed', errorMessage(error));
        else notify.success('Signed out');
        navigate('/', { replace: true });
      },
    });
  }

  const firstSignIn = typeof sessionStorage !== 'undefined' && sessionStorage.getItem(FIRST_SIGN_IN_KEY) === 'true';

  return (
    <>
      <div className="flex flex-col gap-5 md:flex-row md:items-end md:justify-between">
        <div className="min-w-0">
          <h1 className="font-display text-3xl font-extrabold tracking-tight text-foreground sm:text-4xl">{title}</h1>
          <p className="mt-2 text-lg text-muted">
            {/* On phones the address has a line of its own, broken only where it is wider than its line. */}
            {firstSignIn ? 'Welcome' : 'Welcome back'}, <span className="font-semibold text-foreground wrap-break-word max-sm:block">{email}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" aria-expanded={open === 'password'} aria-controls={formId} onClick={() => toggle('password')}>
            <KeyRound className="size-4" aria-hidden="true" />
            Change Password
          </Button>
          <Button variant="secondary" aria-expanded={open === 'two-step'} aria-controls={twoStepId} onClick={() => toggle('two-step')}>
            <ShieldCheck className="size-4" aria-hidden="true" />
            Two-Step Sign-In
          </Button>
          <Button variant="secondary" onClick={signOut} disabled={logout.isPending}>
            {logout.isPending ? <Spinner /> : <LogOut className="size-4" aria-hidden="true" />}
            Logout
          </Button>
        </div>
      </div>

      <div id={formId}>
        {open === 'password' ? (
          <Panel className="mt-6" aria-labelledby={`${formId}-title`}>
            <h2 id={`${formId}-title`} className="mb-5 text-lg font-semibold text-foreground">
              Change Password
            </h2>
            <ChangePasswordForm onDone={() => setOpen(null)} />
          </Panel>
        ) : null}
      </div>
      <div id={twoStepId}>
        {open === 'two-step' ? (
          <Panel className="mt-6" aria-labelledby={`${twoStepId}-title`}>
            <h2 id={`${twoStepId}-title`} className="mb-5 text-lg font-semibold text-foreground">
              Two-Step Sign-In
            </h2>
            <TwoStepSignIn />
          </Panel>
        ) : null}
      </div>
    </>
  );
}
