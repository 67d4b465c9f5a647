import { LogIn, RefreshCw, ShieldCheck, UserPlus, UserX } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import { FieldShell, FormError, Spinner, TextInput } from '@/components/ui/form-controls';
import { notify } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { brandName } from '@/lib/brand';
import { withQueryClient } from '@/lib/query-client';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '@/features/admin/shell/lib/staff-access';
import { useOneAtATime } from '@/features/admin/shell/lib/use-one-at-a-time';
import { secondStepOf, useAcceptInvitation, useInvitationCheck, type InvitationOffer } from '../api/auth';
import { AuthCard, AuthPageFrame } from '../components/auth-card';
import { PasswordFields, useNewPasswordForm } from '../components/password-fields';
import { SecondFactorSetupStep } from '../components/second-factor-setup-step';
import { FIRST_SIGN_IN_KEY } from '../lib/first-sign-in';
import { DASHBOARD_PATH } from '../lib/return-path';

// /admin/invitation?token=…: the link of a staff invitation's email. It shows whom the
// invitation is for and the role it gives; the person chooses a password (the reset form's
// rules) and lands signed in on the dashboard; when every account must have a second factor,
// its set-up comes first, as at a sign-in. A used, revoked or expired link says so.

const INVALID_INVITATION = 'invalid_invitation';
const LOGIN_PATH = '/admin/login';
const INVALID_MESSAGE = 'This invitation link has expired or was already used. Ask whoever invited you for a new one.';

function isInvalidInvitation(error: unknown): boolean {
  return error instanceof ApiError && error.code === INVALID_INVITATION;
}

function InvalidInvitation({ message }: { message: string }) {
  return (
    <AuthCard icon={<UserX className="size-6" />} title="This invitation can't be used" description={message}>
      <Link to={LOGIN_PATH} className={buttonClasses('secondary', 'lg', 'w-full')}>
        <LogIn className="size-4" aria-hidden="true" />
        Go to the admin login
      </Link>
    </AuthCard>
  );
}

/** The new account's first landing: a greeting for the dashboard, which reads it. */
function welcomeToTheTeam() {
  sessionStorage.setItem(FIRST_SIGN_IN_KEY, 'true');
  notify.success('Welcome to the team!', 'You are signed in. The dashboard leads to every area your role can open.');
}

function AcceptForm({
  token,
  offer,
  onInvalid,
  onSetupRequired,
}: {
  token: string;
  offer: InvitationOffer;
  onInvalid: (message: string) => void;
  /** Every account must have a second factor: the account is made, its set-up comes next. */
  onSetupRequired: () => void;
}) {
  const id = useId();
  const navigate = useNavigate();
  const accept = useAcceptInvitation();
  const acceptOnce = useOneAtATime();
  const form = useNewPasswordForm('Invitation not accepted');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!form.check()) return;
    acceptOnce((done) =>
      accept.mutate(
        { token, password: form.password },
        {
          onSuccess: (answer) => {
            const step = secondStepOf(answer);
            if (step === 'setup') return onSetupRequired();
            // A new account has no factor to ask a code of; the login page would ask for it.
            if (step === 'code') return navigate(LOGIN_PATH, { replace: true });
            welcomeToTheTeam();
            navigate(DASHBOARD_PATH, { replace: true });
          },
          onError: (error) => {
            if (isInvalidInvitation(error)) onInvalid(errorMessage(error));
            else form.fail(errorMessage(error));
          },
          onSettled: done,
        },
      ),
    );
  }

  const errorId = `${id}-error`;
  return (
    <form onSubmit={submit} aria-label="Accept the invitation" aria-busy={accept.isPending} className="space-y-5">
      <FieldShell id={`${id}-email`} label="Email">
        <TextInput id={`${id}-email`} name="email" type="email" autoComplete="username" value={offer.email} readOnly />
      </FieldShell>
      <div className="rounded-xl border border-border bg-surface p-4">
        <p className="text-sm font-medium text-foreground">
          Role: <span className="font-semibold">{ROLE_LABELS[offer.role]}</span>
        </p>
        <p className="mt-1 text-sm text-muted">{ROLE_DESCRIPTIONS[offer.role]}</p>
      </div>
      <PasswordFields idPrefix={id} errorId={errorId} passwordLabel="Password" {...form.fields} />
      <FormError id={errorId} message={form.problem} />
      <Button type="submit" size="lg" className="w-full" disabled={accept.isPending}>
        {accept.isPending ? <Spinner /> : <UserPlus className="size-4" aria-hidden="true" />}
        {accept.isPending ? 'Joining...' : 'Accept and sign in'}
      </Button>
    </form>
  );
}

function AdminInvitationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') || null;
  const check = useInvitationCheck(token);
  const navigate = useNavigate();
  // Set when accepting finds the link no longer valid (it expired or was revoked meanwhile).
  const [invalidated, setInvalidated] = useState<string | null>(null);
  // Set once the account is made but every account must set up a second factor first.
  const [setupRequired, setSetupRequired] = useState(false);

  let content;
  if (!token) {
    content = <InvalidInvitation message={INVALID_MESSAGE} />;
  } else if (invalidated) {
    content = <InvalidInvitation message={invalidated} />;
  } else if (setupRequired) {
    content = (
      <AuthCard
        icon={<ShieldCheck className="size-6" />}
        title="Set Up Two-Step Sign-In"
        description="Your account is ready. Every staff account here signs in with a code from an authenticator app as well as the password: set yours up to finish."
      >
        <SecondFactorSetupStep
          onSignedIn={() => {
            welcomeToTheTeam();
            navigate(DASHBOARD_PATH, { replace: true });
          }}
          onBack={() => navigate(LOGIN_PATH, { replace: true })}
        />
      </AuthCard>
    );
  } else if (check.isPending) {
    content = (
      <div role="status" className="flex flex-col items-center gap-3 py-16 text-muted">
        <span aria-hidden="true" className="size-7 animate-spin rounded-full border-[3px] border-border border-t-brand-solid" />
        <span>Checking your invitation…</span>
      </div>
    );
  } else if (check.isError) {
    content = isInvalidInvitation(check.error) ? (
      <InvalidInvitation message={errorMessage(check.error)} />
    ) : (
      <AuthCard icon={<UserX className="size-6" />} title="We could not check your invitation" description={errorMessage(check.error)}>
        <Button variant="secondary" size="lg" className="w-full" onClick={() => void check.refetch()}>
          <RefreshCw className="size-4" aria-hidden="true" />
          Try again
        </Button>
      </AuthCard>
    );
  } else {
    content = (
      <AuthCard
        icon={<UserPlus className="size-6" />}
        title="Join the team"
        description={`You are invited to the ${brandName} admin. Choose a password to accept.`}
      >
        <AcceptForm token={token} offer={check.data} onInvalid={setInvalidated} onSetupRequired={() => setSetupRequired(true)} />
      </AuthCard>
    );
  }

  return <AuthPageFrame>{content}</AuthPageFrame>;
}

export default withQueryClient(AdminInvitationPage);
