import { ArrowRight, CircleCheck, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-controls';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useConfirmWaitlist } from '../api/confirm-waitlist';
import { isOldStatusLink, useRequestStatusLink, useWaitlistStatus } from '../api/waitlist-status';
import { WaitlistStatusDetails } from './waitlist-status-details';

// What a member sees from the links in their emails (/shotanalysis?confirm=… and ?status=…):
// confirming, their status, an old status link, and the problems on the way.

function LoadingState({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-3 py-6 text-muted">
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-border border-t-brand-solid" />
      <span>{label}</span>
    </div>
  );
}

function ProblemState({ title, message, onJoin, onRetry }: { title: string; message: string; onJoin: () => void; onRetry?: () => void }) {
  return (
    <div data-testid="waitlist-problem">
      <h2 className="font-display text-xl font-extrabold tracking-tight text-balance text-foreground">{title}</h2>
      <p className="mt-2 text-pretty text-muted">{message}</p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <Button size="lg" className="sm:flex-1" onClick={onJoin}>
          Join the waitlist
          <ArrowRight className="size-5" aria-hidden="true" />
        </Button>
        {onRetry ? (
          <Button variant="secondary" size="lg" className="sm:flex-1" onClick={onRetry}>
            <RotateCw className="size-4" aria-hidden="true" />
            Try again
          </Button>
        ) : null}
      </div>
    </div>
  );
}

export function ConfirmView({ token, onJoin }: { token: string; onJoin: () => void }) {
  const confirm = useConfirmWaitlist(token);
  if (confirm.isPending) return <LoadingState label="Confirming your email…" />;
  if (confirm.isError) {
    return (
      <ProblemState
        title="We couldn't confirm your email"
        message={errorMessage(confirm.error, 'This confirmation link is not valid. Please use the link in your latest email.')}
        onJoin={onJoin}
      />
    );
  }
  return (
    <>
      <p
        data-testid="confirmed-banner"
        className="mb-5 flex items-center gap-2.5 rounded-xl border border-[#16a34a]/30 bg-[#16a34a]/10 px-3.5 py-3 text-sm font-semibold text-[#166534]"
      >
        <CircleCheck className="size-5 shrink-0" aria-hidden="true" />
        Your email is confirmed. Your spot is locked in!
      </p>
      <WaitlistStatusDetails status={confirm.data} />
    </>
  );
}

/** An old "check your position" link (it held the shareable referral code): a fresh one by email. */
function OldStatusLinkView({ code, onJoin }: { code: string; onJoin: () => void }) {
  const request = useRequestStatusLink();
  if (request.isSuccess) {
    return (
      <div data-testid="status-link-sent">
        <h2 className="font-display text-xl font-extrabold tracking-tight text-balance text-foreground">Check your inbox</h2>
        <p className="mt-2 text-pretty text-muted">
          If this link belongs to a waitlist member, we've sent a fresh link to the email address they signed up with.
        </p>
      </div>
    );
  }
  return (
    <div data-testid="old-status-link">
      <h2 className="font-display text-xl font-extrabold tracking-tight text-balance text-foreground">This link has been replaced</h2>
      <p className="mt-2 text-pretty text-muted">
        Your spot now has a private link that only you receive, so a friend with your invite link can't see it. We can email a fresh link to the address you
        signed up with.
      </p>
      <div className="mt-3">
        <FormError id="status-link-error" message={request.isError ? errorMessage(request.error) : null} />
      </div>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <Button size="lg" className="sm:flex-1" disabled={request.isPending} onClick={() => request.mutate(code)}>
          {request.isPending ? 'Sending…' : 'Email me a fresh link'}
        </Button>
        <Button variant="secondary" size="lg" className="sm:flex-1" onClick={onJoin}>
          Join the waitlist
        </Button>
      </div>
    </div>
  );
}

export function StatusView({ code, onJoin }: { code: string; onJoin: () => void }) {
  const status = useWaitlistStatus(isOldStatusLink(code) ? null : code);
  if (isOldStatusLink(code)) return <OldStatusLinkView code={code} onJoin={onJoin} />;
  if (status.isPending) return <LoadingState label="Looking up your spot…" />;
  if (status.isError) {
    if (status.error instanceof ApiError && status.error.status === 404) {
      return (
        <ProblemState
          title="We could not find your spot."
          message="This status link is not valid. Check the link in your latest email, or join the waitlist now: it only takes a few seconds."
          onJoin={onJoin}
        />
      );
    }
    return <ProblemState title="We couldn't load your spot" message={errorMessage(status.error)} onJoin={onJoin} onRetry={() => void status.refetch()} />;
  }
  return <WaitlistStatusDetails status={status.data} />;
}
