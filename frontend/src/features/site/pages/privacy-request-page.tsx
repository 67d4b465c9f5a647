import { Download, ShieldCheck, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FieldShell, FormError, Spinner, TextInput } from '@/components/ui/form-controls';
import { HoneypotField } from '@/components/ui/honeypot-field';
import { brandName as brand } from '@/lib/brand';
import { personalDataFileName, saveJsonFile } from '@/lib/download';
import { withQueryClient } from '@/lib/query-client';
import { useCarryOutPrivacyRequest, useMakePrivacyRequest, usePrivacyRequest, type PrivacyRequestKind } from '../api/privacy-requests';

/**
 * /privacy-request: ask for a copy or the erasure of your data (GDPR Art. 15, 17, 20). Without a
 * token, a form; we email the address a link. With the link's token, what it will do and a
 * button that does it.
 */
function PrivacyRequestPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <section className="mx-auto max-w-xl px-4 py-16 sm:px-6 sm:py-24">
      <ShieldCheck className="size-10 text-brand" aria-hidden="true" />
      <h1 className="mt-4 font-display text-4xl font-extrabold tracking-tight text-balance">Your data</h1>
      {token ? <ConfirmRequest token={token} /> : <RequestForm />}
      <p className="mt-10 text-sm text-muted">
        How we handle your data, and for how long: our{' '}
        <Link className="text-brand underline" to="/privacy-policy">
          Privacy Policy
        </Link>
        .
      </p>
    </section>
  );
}

function RequestForm() {
  const id = useId();
  const make = useMakePrivacyRequest();
  // Opened from one of our emails: its footer link carries the recipient in the fragment (#email=),
  // which never reaches a server.
  const [email, setEmail] = useState(() => new URLSearchParams(window.location.hash.slice(1)).get('email') ?? '');
  const [website, setWebsite] = useState('');
  const [sent, setSent] = useState<PrivacyRequestKind | null>(null);

  function submit(kind: PrivacyRequestKind) {
    return (event: FormEvent) => {
      event.preventDefault();
      if (make.isPending) return;
      make.mutate({ email: email.trim(), kind, website }, { onSuccess: () => setSent(kind) });
    };
  }

  if (sent) {
    return (
      <div role="status" className="mt-6 rounded-2xl border border-border bg-surface p-6">
        <h2 className="font-display text-xl font-bold">Check your inbox</h2>
        <p className="mt-2 text-muted text-pretty">
          If {brand} holds any data under <strong className="text-foreground">{email.trim()}</strong>, we've emailed it a link to{' '}
          {sent === 'erasure' ? 'delete it' : 'download a copy'}. The link works once, for 24 hours. Nothing happens without it.
        </p>
        <Button variant="ghost" className="mt-4 -ml-3" onClick={() => setSent(null)}>
          Make another request
        </Button>
      </div>
    );
  }

  return (
    <form className="mt-6" onSubmit={submit('export')} noValidate>
      <p className="text-lg text-muted text-pretty">
        Get a copy of everything {brand} holds about you, or have it all deleted: your place on the waitlist, your messages, your shot analyses and your chats
        with the coach. We'll email a link to the address to make sure it's yours.
      </p>
      <FieldShell id={`${id}-email`} label="Email" required className="mt-6">
        <TextInput
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-describedby={make.isError ? `${id}-error` : undefined}
          aria-invalid={make.isError || undefined}
        />
      </FieldShell>
      <HoneypotField id={`${id}-website`} value={website} onChange={setWebsite} />
      <FormError id={`${id}-error`} message={make.isError ? make.error.message : null} />
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <Button type="submit" disabled={make.isPending}>
          {make.isPending && make.variables?.kind === 'export' ? <Spinner /> : <Download className="size-4" aria-hidden="true" />}
          Send me a copy
        </Button>
        <Button type="button" variant="secondary" disabled={make.isPending} onClick={submit('erasure')}>
          {make.isPending && make.variables?.kind === 'erasure' ? <Spinner /> : <Trash2 className="size-4" aria-hidden="true" />}
          Delete my data
        </Button>
      </div>
    </form>
  );
}

function ConfirmRequest({ token }: { token: string }) {
  const request = usePrivacyRequest(token);
  const carryOut = useCarryOutPrivacyRequest();
  const [fileName, setFileName] = useState<string | null>(null);

  if (request.isPending) {
    return (
      <p role="status" className="mt-6 flex items-center gap-2 text-muted">
        <Spinner /> Checking your link…
      </p>
    );
  }
  if (request.isError) {
    return (
      <div role="alert" className="mt-6">
        <p className="text-lg text-pretty">{request.error.message}</p>
        <Link className="mt-4 inline-block text-brand underline" to="/privacy-request">
          Make a new request
        </Link>
      </div>
    );
  }
  const erasure = request.data.kind === 'erasure';
  if (carryOut.isSuccess && erasure) {
    return (
      <div role="status" className="mt-6">
        <h2 className="font-display text-xl font-bold">Your data is deleted</h2>
        <p className="mt-2 text-muted text-pretty">Everything {brand} held about your email address is gone:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-muted">
          <li>your place on the waitlist, and your referral link (the people behind you moved up)</li>
          <li>the messages you sent us</li>
          <li>your shot analyses and your chats with the coach</li>
          <li>your early-access codes</li>
          <li>our copies of the emails we sent you</li>
        </ul>
        <p className="mt-3 text-muted text-pretty">
          Our email provider keeps its own delivery log of the emails it carried for us until its retention period ends; after that it deletes them too. We send
          no email about this deletion: it would be a new record of your address.
        </p>
        <p className="mt-3 text-muted text-pretty">You're welcome back any time.</p>
      </div>
    );
  }
  if (carryOut.isSuccess) {
    return (
      <div role="status" className="mt-6">
        <h2 className="font-display text-xl font-bold">Your copy is downloading</h2>
        <p className="mt-2 text-muted text-pretty">
          Look for {fileName ?? 'the personal-data file'} in your downloads. It's a JSON file: any text editor opens it.
        </p>
      </div>
    );
  }
  const until = new Date(request.data.expiresAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="mt-6">
      <p className="text-lg text-pretty">
        {erasure
          ? `This deletes everything ${brand} holds about your email address: your place on the waitlist, your messages, your shot analyses and your chats with the coach. It can't be undone.`
          : `This downloads a copy of everything ${brand} holds about your email address, as a JSON file.`}
      </p>
      <p className="mt-2 text-sm text-muted">The link works once, until {until}.</p>
      <FormError id="privacy-request-error" message={carryOut.isError ? carryOut.error.message : null} />
      <Button
        className="mt-6"
        disabled={carryOut.isPending}
        onClick={() =>
          carryOut.mutate(token, {
            onSuccess: (answer) => {
              if (erasure) return;
              const name = personalDataFileName((answer as { subject?: { email?: string } }).subject?.email ?? 'you');
              setFileName(name);
              saveJsonFile(name, answer);
            },
          })
        }
      >
        {carryOut.isPending ? <Spinner /> : erasure ? <Trash2 className="size-4" aria-hidden="true" /> : <Download className="size-4" aria-hidden="true" />}
        {erasure ? 'Delete my data' : 'Download my data'}
      </Button>
    </div>
  );
}

export default withQueryClient(PrivacyRequestPage);
