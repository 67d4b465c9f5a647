import { clsx } from 'clsx';
import { CircleCheck, MailCheck, Sparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/form-controls';
import { NameAndEmailFields } from '@/components/ui/name-and-email-fields';
import { notify } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { withBrand } from '@/lib/brand';
import { arrivalSource } from '@/lib/arrival';
import { EMAIL_ALREADY_REGISTERED, joinWaitlist } from '../api/join-waitlist';
import { HoneypotField } from '@/components/ui/honeypot-field';
import { ReferralLinkBox, referralLinkFor } from './referral-link-box';

// The waitlist sign-up (spec §2 "Waitlist landing", §4 "Waitlist landing form": idle ->
// submitting -> joined, §5 "Waitlist forms", §8 "Waitlist and event flows"). Used in the
// home hero (<WaitlistForm />) and in the /shotanalysis bottom panel (<WaitlistSignup />).

export interface JoinedMember {
  firstName: string;
  position: number;
  referralCode: string;
}

const GENERIC_SUBMIT_ERROR = 'There was a problem submitting your request. Please try again.';

/** The server's own words for a request it refused; null for network and server failures. */
function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.isClientError) return null;
  // A code of the form HTTP_4xx means the body had no `{ error, code }`: no words of its own.
  return error.code.startsWith('HTTP_') ? null : error.message;
}

function notifyJoinError(error: unknown): void {
  if (error instanceof ApiError && (error.status === 409 || error.code === EMAIL_ALREADY_REGISTERED)) {
    notify.error('Email already registered', 'This email is already on our waitlist.');
    return;
  }
  notify.error('Submission Error', serverMessage(error) ?? GENERIC_SUBMIT_ERROR);
}

/** First name + email -> 'Count me in'. Field values survive a failed submit. */
export function WaitlistJoinForm({
  referrerCode = null,
  onJoined,
  compact = false,
}: {
  referrerCode?: string | null;
  onJoined: (member: JoinedMember) => void;
  /** Side-by-side fields from the sm breakpoint (the wide bottom panel). */
  compact?: boolean;
}) {
  const id = useId();
  // A plain request rather than a TanStack mutation: this form is on the home page, which
  // must stay light (the query library loads only with the screens that need it).
  const [pending, setPending] = useState(false);
  const [firstName, setFirstName] = useState('');
  const [email, setEmail] = useState('');
  const [website, setWebsite] = useState('');

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    try {
      const result = await joinWaitlist({
        first_name: firstName.trim(),
        email: email.trim(),
        role: null,
        referrerCode: referrerCode || null,
        website,
        ...arrivalSource(),
      });
      notify.success('Success!', "You've been added to our waitlist.");
      onJoined({ firstName: firstName.trim(), position: result.waitlistPosition, referralCode: result.referralCode });
    } catch (error) {
      notifyJoinError(error);
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label="Join the waitlist" aria-busy={pending} className="relative">
      <NameAndEmailFields
        id={id}
        firstName={firstName}
        email={email}
        onFirstNameChange={setFirstName}
        onEmailChange={setEmail}
        className={clsx('grid gap-4', compact && 'sm:grid-cols-2 sm:gap-3')}
      />
      <HoneypotField id={`${id}-website`} value={website} onChange={setWebsite} />
      <Button type="submit" size="lg" className="mt-5 w-full" disabled={pending}>
        {pending ? (
          <>
            <Spinner />
            Joining...
          </>
        ) : (
          'Count me in'
        )}
      </Button>
    </form>
  );
}

/** The joined state: "You're in.", the position, the referral link and the inbox note. */
export function WaitlistJoined({ member, autoFocus = true }: { member: JoinedMember; autoFocus?: boolean }) {
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The form (and the focused button) just disappeared: keep keyboard and screen reader
  // users in place by moving focus to the result.
  useEffect(() => {
    if (autoFocus) headingRef.current?.focus({ preventScroll: true });
  }, [autoFocus]);

  return (
    <div data-testid="waitlist-joined">
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-soft text-brand">
          <CircleCheck className="size-6" />
        </span>
        <h2 ref={headingRef} tabIndex={-1} className="font-display text-2xl font-extrabold tracking-tight text-foreground">
          You're in.
        </h2>
      </div>
      <p className="mt-4 text-base text-foreground">
        You're{' '}
        <strong data-testid="waitlist-position" className="font-display text-xl font-extrabold text-brand">
          #{member.position.toLocaleString('en-US')}
        </strong>{' '}
        on the waitlist.
      </p>
      <p className="mt-1 text-sm text-pretty text-muted">
        Want to move up? Share your link: every friend who joins through it and confirms their email moves you up the list.
      </p>
      <ReferralLinkBox link={referralLinkFor(member.referralCode)} className="mt-5" />
      <p className="mt-5 flex items-start gap-2.5 rounded-xl bg-surface px-3.5 py-3 text-sm text-pretty text-muted">
        <MailCheck className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
        <span>Check your inbox for a welcome email from us and confirm your address to lock in your spot.</span>
      </p>
    </div>
  );
}

/**
 * The form, then the joined state in its place. `intro` is shown above the form only.
 * The result is announced (aria-live) and receives focus.
 */
export function WaitlistSignup({
  referrerCode = null,
  intro,
  footnote,
  compact = false,
}: {
  referrerCode?: string | null;
  intro?: ReactNode;
  /** Small print under the form (not shown once joined). */
  footnote?: ReactNode;
  compact?: boolean;
}) {
  const [member, setMember] = useState<JoinedMember | null>(null);
  return (
    <>
      {member ? null : (
        <>
          {intro}
          <WaitlistJoinForm referrerCode={referrerCode} onJoined={setMember} compact={compact} />
          {footnote}
        </>
      )}
      <div aria-live="polite">{member ? <WaitlistJoined member={member} /> : null}</div>
    </>
  );
}

/** The home hero's waitlist card (section #waitlist). */
export function WaitlistForm({ sourceTag = 'homepage' }: { sourceTag?: string }) {
  return (
    <div
      data-slot="waitlist-form"
      data-source={sourceTag}
      className="rounded-3xl border border-border bg-elevated/90 p-6 text-left shadow-[0_24px_60px_-28px_rgb(var(--shadow)/0.5)] backdrop-blur sm:p-8"
    >
      <WaitlistSignup
        intro={
          <div className="mb-6">
            <div className="flex items-center gap-3">
              <span aria-hidden="true" className="flex size-10 items-center justify-center rounded-xl bg-brand-soft text-brand">
                <Sparkles className="size-5" />
              </span>
              <h2 className="font-display text-xl font-bold tracking-tight">Join the waitlist</h2>
            </div>
            <p className="mt-4 text-muted text-pretty">
              {withBrand('Save your spot for early access and be the first to know when {product} opens to everyone.')}
            </p>
          </div>
        }
        footnote={<p className="mt-3 text-center text-xs text-muted">Free during the private launch. No spam, ever.</p>}
      />
    </div>
  );
}
