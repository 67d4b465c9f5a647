import { MailCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/form-controls';
import { HoneypotField } from '@/components/ui/honeypot-field';
import { NameAndEmailFields } from '@/components/ui/name-and-email-fields';
import { notify } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { claimShot } from '../api/claim-shot';
import { saveClaimToken } from '../lib/claim-tokens';
import { feedbackPath, type ShotKind } from '../types';

// Spec §4 "Form submit": processing, then the feedback page on success; on failure the visitor
// stays on the form with their values. §8 "Waitlist and event flows" for the toasts. A shot is
// its claimer's: the claim's token is kept for the feedback page; the claimer's own email again
// gets the link by email (the form says so); another email is refused with the server's words.

const GENERIC_SUBMIT_ERROR = 'There was a problem submitting your request. Please try again.';

/** The server's own words for a request it refused; null for network and server failures. */
function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || !error.isClientError) return null;
  // A code of the form HTTP_4xx means the body had no `{ error, code }`: no words of its own.
  return error.code.startsWith('HTTP_') ? null : error.message;
}

function notifyClaimError(error: unknown): void {
  if (error instanceof ApiError && error.status === 404) {
    notify.error('Error', 'Could not update shot analysis. Please try again.');
    return;
  }
  notify.error('Submission Error', serverMessage(error) ?? GENERIC_SUBMIT_ERROR);
}

export function ShotClaimForm({ kind, code }: { kind: ShotKind; code: string }) {
  const id = useId();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [firstName, setFirstName] = useState('');
  const [email, setEmail] = useState('');
  const [website, setWebsite] = useState('');
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    try {
      const result = await claimShot(kind, code, { first_name: firstName.trim(), email: email.trim(), website });
      if (result.linkSent || !result.claimToken) {
        setLinkSentTo(email.trim());
        setPending(false);
        return;
      }
      saveClaimToken(kind, code, result.claimToken);
      if (result.alreadyRegistered) notify.info('Email already registered', 'This email is already on our waitlist.');
      else notify.success('Success!', "You've been added to our waitlist.");
      navigate(feedbackPath(kind, code));
    } catch (error) {
      notifyClaimError(error);
      setPending(false);
    }
  }

  if (linkSentTo) {
    return (
      <div role="status" className="rounded-2xl border border-border bg-surface p-5 text-pretty">
        <p className="flex items-center gap-2 font-display text-lg font-bold">
          <MailCheck className="size-5 shrink-0 text-accent" aria-hidden="true" />
          Check your inbox
        </p>
        <p className="mt-2 text-muted">
          This shot analysis is already yours. We've sent a link to <strong className="break-all text-foreground">{linkSentTo}</strong>: open it to see your
          analysis and chat with the coach.
        </p>
        <Button type="button" variant="secondary" className="mt-4 w-full" onClick={() => setLinkSentTo(null)}>
          Use another email
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} aria-label="Get your shot analysis" aria-busy={pending} className="relative">
      <NameAndEmailFields id={id} firstName={firstName} email={email} onFirstNameChange={setFirstName} onEmailChange={setEmail} />
      <HoneypotField id={`${id}-website`} value={website} onChange={setWebsite} />
      <Button type="submit" size="lg" className="mt-6 w-full" disabled={pending}>
        {pending ? (
          <>
            <Spinner />
            Processing...
          </>
        ) : (
          'See My Shot Analysis'
        )}
      </Button>
      <p className="mt-3 text-center text-xs text-pretty text-muted">
        By continuing you agree to our{' '}
        <Link to="/privacy-policy" className="font-medium text-foreground underline underline-offset-2 hover:text-brand">
          Privacy Policy
        </Link>
        .
      </p>
    </form>
  );
}
