import { clsx } from 'clsx';
import {
  ArrowLeft,
  ArrowRight,
  ChartColumn,
  FileText,
  KeyRound,
  LogOut,
  Mail,
  Megaphone,
  Send,
  ShieldCheck,
  Ticket,
  Users,
  Workflow,
  type LucideIcon,
} from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useChangePassword, useLogout, useSession } from '@/features/admin/auth/api/auth';
import { Panel } from '@/features/admin/shell/components/admin-page';
import { MailDeliveryBanner } from '@/features/admin/mail-log/components/mail-delivery-banner';
import { FIRST_SIGN_IN_KEY } from '@/features/admin/auth/lib/first-sign-in';
import { FieldShell, FormError, Spinner, TextInput } from '@/components/ui/form-controls';
import { PasswordFields, useNewPasswordForm } from '@/features/admin/auth/components/password-fields';

// /admin (spec §2 "Admin dashboard", §5 "Change password"): a greeting with the signed-in
// email, the change-password form, logout, and cards to each admin area.

interface AreaCard {
  title: string;
  description: string;
  icon: LucideIcon;
  to?: string;
  /** A page the server renders (not part of this app): a full page load. */
  href?: string;
}

const areas: AreaCard[] = [
  {
    title: 'Waitlist',
    description: 'Everyone on the list in position order, with their status; search and export.',
    icon: Users,
    to: '/admin/waitlist',
  },
  {
    title: 'Announcements',
    description: 'Email the waitlist the launch and other news, with a preview and a test to yourself.',
    icon: Send,
    to: '/admin/broadcasts',
  },
  {
    title: 'Early Access Management',
    description: 'Open or close early access and hand out personal access codes.',
    icon: Ticket,
    to: '/admin/early-access',
  },
  {
    title: 'Creator Codes',
    description: 'Promo codes for creators and influencers, with their usage.',
    icon: Megaphone,
    to: '/admin/creator-codes',
  },
  {
    title: 'Resource Management',
    description: 'Write, publish and feature resource articles.',
    icon: FileText,
    to: '/admin/resources',
  },
  {
    title: 'User Analytics',
    description: 'Downloads and sign-ups by source, platform and creator code.',
    icon: ChartColumn,
    to: '/admin/analytics',
  },
  {
    title: 'Mail Log',
    description: 'Every email the platform sent, with a preview; resend failed ones.',
    icon: Mail,
    to: '/admin/emails',
  },
  {
    title: 'Privacy',
    description: 'Look a person up, download what we hold, erase them; the suppression list.',
    icon: ShieldCheck,
    to: '/admin/privacy',
  },
  {
    title: 'Queue Dashboard',
    description: 'Background jobs: waiting, active, completed and failed.',
    icon: Workflow,
    href: '/admin/queues',
  },
];

/** Areas still to come (none today: the card shows with a 'Coming Soon' badge when there is one). */
const comingSoon: AreaCard[] = [];

const cardClasses =
  'group flex h-full flex-col rounded-2xl border border-border bg-elevated p-5 shadow-sm transition-colors sm:p-6';

// Every card opens its area in this tab (the queue dashboard too, though the server renders it).
const goArrow = <ArrowRight className="size-4 text-muted transition-transform group-hover:translate-x-0.5" aria-hidden="true" />;

function CardBody({ card, suffix }: { card: AreaCard; suffix?: ReactNode }) {
  const Icon = card.icon;
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <span aria-hidden="true" className="flex size-11 items-center justify-center rounded-xl bg-brand-soft text-brand">
          <Icon className="size-5" />
        </span>
        {suffix}
      </div>
      <h2 className="mt-4 text-lg font-semibold text-foreground">{card.title}</h2>
      <p className="mt-1 text-sm text-pretty text-muted">{card.description}</p>
    </>
  );
}

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

export default function AdminDashboardPage() {
  const session = useSession();
  const logout = useLogout();
  const navigate = useNavigate();
  const [changing, setChanging] = useState(false);
  const formId = useId();
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
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10 lg:px-8">
      <div className="flex flex-col gap-5 md:flex-row md:items-end md:justify-between">
        <div className="min-w-0">
          <h1 className="font-display text-3xl font-extrabold tracking-tight text-foreground sm:text-4xl">Admin Dashboard</h1>
          <p className="mt-2 text-lg text-muted">
            {/* On phones the address has a line of its own, broken only where it is wider than its line. */}
            {firstSignIn ? 'Welcome' : 'Welcome back'}, <span className="font-semibold text-foreground wrap-break-word max-sm:block">{email}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Button
            variant="secondary"
            aria-expanded={changing}
            aria-controls={formId}
            onClick={() => setChanging((value) => !value)}
          >
            <KeyRound className="size-4" aria-hidden="true" />
            Change Password
          </Button>
          <Button variant="secondary" onClick={signOut} disabled={logout.isPending}>
            {logout.isPending ? <Spinner /> : <LogOut className="size-4" aria-hidden="true" />}
            Logout
          </Button>
        </div>
      </div>

      <div id={formId}>
        {changing ? (
          <Panel className="mt-6" aria-labelledby={`${formId}-title`}>
            <h2 id={`${formId}-title`} className="mb-5 text-lg font-semibold text-foreground">
              Change Password
            </h2>
            <ChangePasswordForm onDone={() => setChanging(false)} />
          </Panel>
        ) : null}
      </div>

      <div className="mt-8">
        <MailDeliveryBanner linkToLog />
      </div>
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {areas.map((card) => (
          <li key={card.title}>
            {card.href ? (
              <a href={card.href} className={clsx(cardClasses, 'hover:border-brand-solid')}>
                <CardBody card={card} suffix={goArrow} />
              </a>
            ) : (
              <Link to={card.to ?? '/admin'} className={clsx(cardClasses, 'hover:border-brand-solid')}>
                <CardBody card={card} suffix={goArrow} />
              </Link>
            )}
          </li>
        ))}
        {comingSoon.map((card) => (
          <li key={card.title}>
            <div aria-disabled="true" className={clsx(cardClasses, 'cursor-not-allowed border-dashed bg-surface shadow-none')}>
              <CardBody
                card={card}
                suffix={
                  <span className="rounded-full bg-surface px-2.5 py-0.5 text-xs font-semibold text-muted ring-1 ring-border">
                    Coming Soon
                  </span>
                }
              />
            </div>
          </li>
        ))}
      </ul>

      <div className="mt-10">
        <Link to="/" className={buttonClasses('ghost', 'md', '-ml-3')}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Main Site
        </Link>
      </div>
    </div>
  );
}
