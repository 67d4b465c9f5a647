import { ArrowLeft, KeyRound, LogIn, Mail, ShieldCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { ApiError, errorMessage, readCookie } from '@/lib/api-client';
import { secondStepOf, useForgotPassword, useLogin, useLoginSecondFactor, useResetPassword, useSession, type SecondStep, type SignedIn } from '../api/auth';
import { PasskeySignIn } from '../components/passkey-sign-in';
import { SecondFactorCodeField } from '../components/second-factor-code-field';
import { SecondFactorSetupStep } from '../components/second-factor-setup-step';
import { FieldShell, FormError, Spinner, TextInput } from '@/components/ui/form-controls';
import { PasswordFields, useNewPasswordForm } from '../components/password-fields';
import { PASSWORD_MESSAGES } from '../lib/password';
import { DASHBOARD_PATH, goAfterSignIn, returnPathFrom } from '../lib/return-path';
import { FIRST_SIGN_IN_KEY } from '../lib/first-sign-in';
import { AuthCard, AuthPageFrame } from '../components/auth-card';
import { withQueryClient } from '@/lib/query-client';

// /admin/login (spec §2 "Admin login", §4 "Admin login modes", §5 "Reset mode",
// §8 "Admin login"). Three modes, chosen by the query string:
//   login  (default)               email + password, 'Forgot your password?'
//   forgot (?mode=forgot)          email, 'Send Reset Email'; back to login once sent
//   reset  (?mode=reset&token=...) new password + confirm, 'Update Password'; then /admin
// The emailed link carries `token`; `token_hash` is accepted as well.
// With two-step sign-in, a right password (or a reset) leads to a second step in the same page:
// a code from the authenticator app or a recovery code, or, when every account must have a
// factor and this one has none, its set-up. The pending sign-in lives in an HttpOnly cookie.

type Mode = 'login' | 'forgot' | 'reset';

function modeOf(params: URLSearchParams): Mode {
  const mode = params.get('mode');
  return mode === 'forgot' || mode === 'reset' ? mode : 'login';
}

/** The account's email, in the sign-in and the forgot-password form. */
function EmailField({ id, value, onChange }: { id: string; value: string; onChange: (value: string) => void }) {
  return (
    <FieldShell id={id} label="Email">
      <TextInput
        id={id}
        name="email"
        type="email"
        required
        autoComplete="username"
        inputMode="email"
        spellCheck={false}
        maxLength={254}
        placeholder="you@example.com"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FieldShell>
  );
}

/** Spec §8's 'Welcome back!', except on an account's very first sign-in. */
function welcome(session: SignedIn) {
  if (session.firstSignIn) {
    notify.success('Welcome!', 'This is your first sign-in. The dashboard leads to every staff area.');
    sessionStorage.setItem(FIRST_SIGN_IN_KEY, 'true');
  } else {
    notify.success('Welcome back!');
    sessionStorage.removeItem(FIRST_SIGN_IN_KEY);
  }
}

/** The pending sign-in has ended (a few minutes passed, or it was used): back to the password. */
const isSignInExpired = (error: unknown) => error instanceof ApiError && error.code === 'sign_in_expired';

function LoginForm({ onForgot, onSecondStep, returnTo }: { onForgot: () => void; onSecondStep: (step: SecondStep) => void; returnTo: string }) {
  const id = useId();
  const navigate = useNavigate();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (login.isPending) return;
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (answer) => {
          const step = secondStepOf(answer);
          if (step) return onSecondStep(step);
          welcome(answer as SignedIn);
          goAfterSignIn(returnTo, navigate);
        },
        onError: (error) => notify.error('Login failed', errorMessage(error)),
      },
    );
  }

  return (
    <form onSubmit={submit} aria-label="Sign in" aria-busy={login.isPending} className="space-y-5">
      <EmailField id={`${id}-email`} value={email} onChange={setEmail} />
      <FieldShell id={`${id}-password`} label="Password">
        <TextInput
          id={`${id}-password`}
          name="password"
          type="password"
          required
          autoComplete="current-password"
          maxLength={200}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </FieldShell>
      <div className="flex justify-end">
        <button type="button" onClick={onForgot} className="rounded text-sm font-medium text-brand underline-offset-4 hover:underline">
          Forgot your password?
        </button>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
        {login.isPending ? <Spinner /> : <LogIn className="size-4" aria-hidden="true" />}
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}

/** The second step: a code from the authenticator app, or one of the recovery codes. */
function SecondFactorForm({ returnTo, onExpired }: { returnTo: string; onExpired: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const complete = useLoginSecondFactor();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = `${id}-error`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (complete.isPending) return;
    if (!code.trim()) return setProblem(recovery ? 'Enter one of your recovery codes.' : 'Enter the 6-digit code your authenticator app shows.');
    setProblem(null);
    complete.mutate(code, {
      onSuccess: (session) => {
        welcome(session);
        goAfterSignIn(returnTo, navigate);
      },
      onError: (error) => {
        if (isSignInExpired(error)) {
          notify.error('Sign-in expired', errorMessage(error));
          return onExpired();
        }
        setProblem(errorMessage(error));
        setCode('');
        input.current?.focus();
      },
    });
  }

  function switchKind() {
    setRecovery((value) => !value);
    setCode('');
    setProblem(null);
    input.current?.focus();
  }

  return (
    <form onSubmit={submit} aria-label="Two-step sign-in" aria-busy={complete.isPending} className="space-y-5">
      <PasskeySignIn
        onSignedIn={(session) => {
          welcome(session);
          goAfterSignIn(returnTo, navigate);
        }}
        onExpired={(error) => {
          notify.error('Sign-in expired', errorMessage(error));
          onExpired();
        }}
      />
      <SecondFactorCodeField
        id={`${id}-code`}
        inputRef={input}
        value={code}
        onChange={setCode}
        recovery={recovery}
        errorId={errorId}
        invalid={problem !== null}
        autoFocus
      />
      <div className="flex justify-end">
        <button type="button" onClick={switchKind} className="rounded text-sm font-medium text-brand underline-offset-4 hover:underline">
          {recovery ? 'Use a code from the app instead' : 'Use a recovery code instead'}
        </button>
      </div>
      <FormError id={errorId} message={problem} />
      <Button type="submit" size="lg" className="w-full" disabled={complete.isPending}>
        {complete.isPending ? <Spinner /> : <ShieldCheck className="size-4" aria-hidden="true" />}
        {complete.isPending ? 'Checking...' : 'Verify'}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onExpired}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to login
      </Button>
    </form>
  );
}

function ForgotForm({ onBack, onSent }: { onBack: () => void; onSent: () => void }) {
  const id = useId();
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (forgot.isPending) return;
    forgot.mutate(email.trim(), {
      onSuccess: () => {
        notify.success('Reset email sent', 'If an account exists for that email, a link to reset the password is on its way.');
        onSent();
      },
      onError: (error) => notify.error('Could not send the reset email', errorMessage(error)),
    });
  }

  return (
    <form onSubmit={submit} aria-label="Reset your password" aria-busy={forgot.isPending} className="space-y-5">
      <EmailField id={`${id}-email`} value={email} onChange={setEmail} />
      <Button type="submit" size="lg" className="w-full" disabled={forgot.isPending}>
        {forgot.isPending ? <Spinner /> : <Mail className="size-4" aria-hidden="true" />}
        {forgot.isPending ? 'Sending...' : 'Send Reset Email'}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to login
      </Button>
    </form>
  );
}

function ResetForm({ token, onBack, onSecondStep }: { token: string | null; onBack: () => void; onSecondStep: (step: SecondStep) => void }) {
  const id = useId();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useNewPasswordForm();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending) return;
    if (!token) return form.fail(PASSWORD_MESSAGES.invalidToken);
    if (!form.check()) return;
    reset.mutate(
      { token, password: form.password, confirmPassword: form.confirmPassword },
      {
        onSuccess: (answer) => {
          const step = secondStepOf(answer);
          if (step) {
            notify.success('Password updated', 'One more step to sign in.');
            return onSecondStep(step);
          }
          notify.success('Password updated', 'You are now signed in.');
          navigate(DASHBOARD_PATH, { replace: true });
        },
        onError: (error) => form.fail(errorMessage(error)),
      },
    );
  }

  const errorId = `${id}-error`;
  return (
    <form onSubmit={submit} aria-label="Choose a new password" aria-busy={reset.isPending} className="space-y-5">
      <PasswordFields idPrefix={id} errorId={errorId} {...form.fields} />
      <FormError id={errorId} message={form.problem} />
      <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? <Spinner /> : <KeyRound className="size-4" aria-hidden="true" />}
        {reset.isPending ? 'Updating...' : 'Update Password'}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to login
      </Button>
    </form>
  );
}

function AdminLoginPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const mode = modeOf(params);
  const token = params.get('token') || params.get('token_hash');
  const returnTo = returnPathFrom(params.get('next'));
  // Only a browser holding a session's CSRF cookie can be signed in: a visitor without one isn't
  // asked (an anonymous check would answer 401, which the console reports as an error).
  const session = useSession({ enabled: readCookie('csrf_token') !== null });
  const [secondStep, setSecondStep] = useState<SecondStep | null>(null);

  // Already signed in: the login form has nothing to offer (a reset link still works). A forced
  // set-up signs in before its recovery codes are shown, so it goes on by itself.
  const signedIn = session.isSuccess;
  useEffect(() => {
    if (signedIn && mode === 'login' && secondStep === null) goAfterSignIn(returnTo, navigate);
  }, [signedIn, mode, secondStep, navigate, returnTo]);

  const toLogin = () => {
    setSecondStep(null);
    setParams({}, { replace: mode === 'reset' });
  };
  const toSecondStep = (step: SecondStep) => {
    setSecondStep(step);
    if (mode !== 'login') setParams({}, { replace: true });
  };

  return (
    <AuthPageFrame>
      {mode === 'login' && secondStep === 'code' ? (
        <AuthCard
          icon={<ShieldCheck className="size-6" />}
          title="Two-Step Sign-In"
          description="Enter the code from your authenticator app to finish signing in."
        >
          <SecondFactorForm returnTo={returnTo} onExpired={toLogin} />
        </AuthCard>
      ) : mode === 'login' && secondStep === 'setup' ? (
        <AuthCard
          icon={<ShieldCheck className="size-6" />}
          title="Set Up Two-Step Sign-In"
          description="Every staff account here signs in with a code from an authenticator app as well as the password. Set yours up to finish signing in."
        >
          <SecondFactorSetupStep
            onSignedIn={(session) => {
              if (session) welcome(session);
              goAfterSignIn(returnTo, navigate);
            }}
            onBack={toLogin}
          />
        </AuthCard>
      ) : mode === 'login' ? (
        <AuthCard icon={<LogIn className="size-6" />} title="Admin Login" description="Sign in to manage the platform.">
          <LoginForm onForgot={() => setParams({ mode: 'forgot' })} onSecondStep={toSecondStep} returnTo={returnTo} />
        </AuthCard>
      ) : mode === 'forgot' ? (
        <AuthCard icon={<Mail className="size-6" />} title="Reset Password" description="Enter your email and we'll send you a link to reset your password.">
          <ForgotForm onBack={toLogin} onSent={() => setParams({}, { replace: true })} />
        </AuthCard>
      ) : (
        <AuthCard icon={<KeyRound className="size-6" />} title="Set a New Password" description="Choose a new password for your admin account.">
          <ResetForm token={token} onBack={toLogin} onSecondStep={toSecondStep} />
        </AuthCard>
      )}
    </AuthPageFrame>
  );
}

export default withQueryClient(AdminLoginPage);
