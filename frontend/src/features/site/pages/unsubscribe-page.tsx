import { MailCheck, MailX } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonClasses } from '@/components/ui/button';
import { brandName as brand } from '@/lib/brand';
import { withQueryClient } from '@/lib/query-client';
import { useSubscription } from '../api/unsubscribe';

/**
 * /unsubscribe?token=...: the link in a marketing email's footer. Opening it unsubscribes (the
 * page asks the API once it runs, so a mail scanner that only fetches the link changes nothing),
 * then offers to undo.
 */
function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const subscription = useSubscription();
  const { mutate } = subscription;
  const asked = useRef(false);

  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    mutate({ token, unsubscribe: true });
  }, [token, mutate]);

  const unsubscribed = subscription.data?.unsubscribed;
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
      <div aria-live="polite" className="w-full">
        {!token ? (
          <Message icon="x" title="This link is incomplete">
            Open the unsubscribe link from your latest email from us, or write to us from the <Link className="text-brand underline" to="/contact">contact page</Link>.
          </Message>
        ) : subscription.isError ? (
          <Message icon="x" title="We couldn't use this link">
            {subscription.error.message}
          </Message>
        ) : unsubscribed === undefined ? (
          <p className="text-lg text-muted" role="status">
            Unsubscribing…
          </p>
        ) : unsubscribed ? (
          <Message icon="check" title="You're unsubscribed">
            We won't send you waitlist news or announcements from {brand} any more. Emails you ask for yourself, such as a confirmation link, still reach you.
          </Message>
        ) : (
          <Message icon="check" title="You're subscribed again">
            Waitlist news and announcements from {brand} will reach you again.
          </Message>
        )}
      </div>
      {token && unsubscribed !== undefined && !subscription.isError ? (
        <Button
          variant={unsubscribed ? 'secondary' : 'primary'}
          className="mt-8"
          disabled={subscription.isPending}
          onClick={() => subscription.mutate({ token, unsubscribe: !unsubscribed })}
        >
          {unsubscribed ? 'Undo: keep me subscribed' : 'Unsubscribe'}
        </Button>
      ) : null}
      <Link to="/" className={buttonClasses('ghost', 'md', 'mt-4')}>
        Back to the home page
      </Link>
    </section>
  );
}

function Message({ icon, title, children }: { icon: 'check' | 'x'; title: string; children: ReactNode }) {
  const Icon = icon === 'check' ? MailCheck : MailX;
  return (
    <>
      <Icon className="mx-auto size-12 text-brand" aria-hidden="true" />
      <h1 className="mt-4 font-display text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-4 text-lg text-muted text-pretty">{children}</p>
    </>
  );
}

export default withQueryClient(UnsubscribePage);
