import { MailCheck, MailX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import { FormError, Spinner } from '@/components/ui/form-controls';
import { brandName as brand } from '@/lib/brand';
import { withQueryClient } from '@/lib/query-client';
import { useSubscription, useSubscriptionState } from '../api/unsubscribe';

/**
 * /unsubscribe?token=...: the link in a marketing email's footer. Opening it changes nothing:
 * mail security scanners open links and run their pages, and must not unsubscribe anyone. The
 * page reads the address's state and offers one button (unsubscribe, or subscribe again); only
 * that button, or the mail client's own one-click POST (RFC 8058), changes it.
 */
function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const from = params.get('from');
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
      {token ? (
        <SubscriptionChoice token={token} from={from} />
      ) : (
        <div aria-live="polite" className="w-full">
          <Message icon="x" title="This link is incomplete">
            Open the unsubscribe link from your latest email from us, or write to us from the{' '}
            <Link className="text-brand underline" to="/contact">
              contact page
            </Link>
            .
          </Message>
        </div>
      )}
      <Link to="/" className={buttonClasses('ghost', 'md', 'mt-4')}>
        Back to the home page
      </Link>
    </section>
  );
}

function SubscriptionChoice({ token, from }: { token: string; from: string | null }) {
  const state = useSubscriptionState(token);
  const change = useSubscription();

  if (state.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-lg text-muted">
        <Spinner /> Checking your subscription…
      </p>
    );
  }
  if (state.isError) {
    return (
      <div role="alert" className="w-full">
        <Message icon="x" title="We couldn't use this link">
          {state.error.message}
        </Message>
      </div>
    );
  }

  const unsubscribed = state.data.unsubscribed;
  // What this visit did: the page opened changes nothing, so "done" only follows a click.
  const changed = change.isSuccess;
  const busy = change.isPending;
  const title = unsubscribed ? "You're unsubscribed" : changed ? "You're subscribed again" : `Unsubscribe from ${brand} emails?`;
  const text = unsubscribed
    ? `We won't send you waitlist news or announcements from ${brand} any more. Emails you ask for yourself, such as a confirmation link, still reach you.`
    : changed
      ? `Waitlist news and announcements from ${brand} will reach you again.`
      : `This address gets waitlist news and announcements from ${brand}. Unsubscribe to stop them; emails you ask for yourself, such as a confirmation link, still reach you.`;
  const label = unsubscribed ? (changed ? 'Undo: keep me subscribed' : 'Subscribe again') : 'Unsubscribe';

  return (
    <>
      <div aria-live="polite" className="w-full">
        <Message icon="check" title={title}>
          {text}
        </Message>
      </div>
      <FormError id="unsubscribe-error" className="mt-4" message={change.isError ? change.error.message : null} />
      {/* aria-disabled, not disabled, while it works: a disabled button would drop the keyboard's focus. */}
      <Button
        variant={unsubscribed ? 'secondary' : 'primary'}
        className="mt-8 aria-disabled:cursor-wait aria-disabled:opacity-60"
        aria-disabled={busy || undefined}
        aria-describedby={change.isError ? 'unsubscribe-error' : undefined}
        onClick={() => {
          if (!busy) change.mutate({ token, from, unsubscribe: !unsubscribed });
        }}
      >
        {busy ? <Spinner /> : null}
        {label}
      </Button>
    </>
  );
}

function Message({ icon, title, children }: { icon: 'check' | 'x'; title: string; children: ReactNode }) {
  const Icon = icon === 'check' ? MailCheck : MailX;
  return (
    <>
      <Icon className="mx-auto size-12 text-brand" aria-hidden="true" />
      <h1 className="mt-4 font-display text-3xl font-bold tracking-tight text-balance">{title}</h1>
      <p className="mt-4 text-lg text-muted text-pretty">{children}</p>
    </>
  );
}

export default withQueryClient(UnsubscribePage);
