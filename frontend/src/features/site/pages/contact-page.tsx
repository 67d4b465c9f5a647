import { ArrowLeft, Handshake, MessageCircleQuestion, Newspaper, Send, type LucideIcon } from 'lucide-react';
import { HoneypotField } from '@/components/ui/honeypot-field';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { withBrand } from '@/lib/brand';
import { useSendContactMessage } from '../api/send-contact-message';
import { Eyebrow } from '../components/content-page-parts';
import { withQueryClient } from '@/lib/query-client';

// /contact (spec §2 "Contact", §3 "Contact submission", §5 "Contact", §8 "Contact"):
// first name, email and message are required, the subject is optional. On success the form
// resets; on failure every field keeps its value.

export const MESSAGE_MAX_LENGTH = 5000;

const FAILURE_MESSAGE = 'Failed to send message. Please try again.';

const topics: ReadonlyArray<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: MessageCircleQuestion,
    title: 'Questions and support',
    text: 'Early access, the app, your account or your data: ask us anything.',
  },
  {
    icon: Handshake,
    title: 'Teams, coaches and creators',
    text: "Want to bring {product} to your club, academy or audience? Let's talk.",
  },
  {
    icon: Newspaper,
    title: 'Press',
    text: 'Stories, interviews and media kits for journalists.',
  },
];

const fieldClasses =
  'w-full rounded-xl border border-border-strong bg-background px-4 text-base text-foreground shadow-xs transition-colors placeholder:text-muted/80 hover:border-foreground/60 focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring';
const labelClasses = 'mb-1.5 block text-sm font-medium text-foreground';

interface ContactFields {
  firstName: string;
  email: string;
  subject: string;
  message: string;
  website: string;
}

const EMPTY: ContactFields = { firstName: '', email: '', subject: '', message: '', website: '' };

/** Back to where the visitor came from, or home when this is the first page of the visit. */
function useGoBack(): () => void {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx;
    if (typeof index === 'number' && index > 0) navigate(-1);
    else navigate('/');
  };
}

function ContactForm() {
  const id = useId();
  const send = useSendContactMessage();
  const [fields, setFields] = useState<ContactFields>(EMPTY);

  const update = (name: keyof ContactFields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    const subject = fields.subject.trim();
    send.mutate(
      {
        first_name: fields.firstName.trim(),
        email: fields.email.trim(),
        subject: subject ? subject : null,
        message: fields.message.trim(),
        website: fields.website,
      },
      {
        onSuccess: () => {
          notify.success('Message sent!', "We'll get back to you as soon as possible.");
          setFields(EMPTY);
        },
        onError: (error) => {
          // Too many messages: the server says when to try again. Anything else: the spec's words.
          const rateLimited = error instanceof ApiError && error.status === 429;
          notify.error('Error', rateLimited ? error.message : FAILURE_MESSAGE);
        },
      },
    );
  }

  return (
    <form
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
      aria-busy={send.isPending}
      className="relative rounded-3xl border border-border bg-elevated p-6 shadow-[0_24px_60px_-28px_rgb(var(--shadow)/0.45)] sm:p-8"
    >
      <h2 id={`${id}-title`} className="font-display text-xl font-bold tracking-tight text-foreground">
        Send us a message
      </h2>
      <p className="mt-1 text-sm text-muted">
        Fields marked <span aria-hidden="true" className="text-brand">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>

      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-first-name`} className={labelClasses}>
            First name <span aria-hidden="true" className="text-brand">*</span>
          </label>
          <input
            id={`${id}-first-name`}
            name="first_name"
            type="text"
            required
            maxLength={100}
            autoComplete="given-name"
            value={fields.firstName}
            onChange={update('firstName')}
            className={`${fieldClasses} h-12`}
          />
        </div>
        <div>
          <label htmlFor={`${id}-email`} className={labelClasses}>
            Email <span aria-hidden="true" className="text-brand">*</span>
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            inputMode="email"
            spellCheck={false}
            placeholder="you@example.com"
            value={fields.email}
            onChange={update('email')}
            className={`${fieldClasses} h-12`}
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-subject`} className={labelClasses}>
            Subject <span className="font-normal text-muted">(optional)</span>
          </label>
          <input
            id={`${id}-subject`}
            name="subject"
            type="text"
            maxLength={200}
            value={fields.subject}
            onChange={update('subject')}
            className={`${fieldClasses} h-12`}
          />
        </div>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-message`} className={labelClasses}>
            Message <span aria-hidden="true" className="text-brand">*</span>
          </label>
          <textarea
            id={`${id}-message`}
            name="message"
            required
            rows={6}
            maxLength={MESSAGE_MAX_LENGTH}
            aria-describedby={`${id}-message-count`}
            value={fields.message}
            onChange={update('message')}
            className={`${fieldClasses} min-h-36 resize-y py-3 leading-relaxed`}
          />
          <p id={`${id}-message-count`} className="mt-1.5 text-right text-xs text-muted tabular-nums">
            {fields.message.length.toLocaleString('en-US')} / {MESSAGE_MAX_LENGTH.toLocaleString('en-US')}
            <span className="sr-only"> characters</span>
          </p>
        </div>
      </div>

      <HoneypotField id={`${id}-website`} value={fields.website} onChange={(website) => setFields((current) => ({ ...current, website }))} />

      <Button type="submit" size="lg" className="mt-4 w-full sm:w-auto sm:min-w-44" disabled={send.isPending}>
        {send.isPending ? (
          <>
            <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-on-brand/30 border-t-on-brand" />
            Sending...
          </>
        ) : (
          <>
            <Send className="size-4" aria-hidden="true" />
            Send message
          </>
        )}
      </Button>
    </form>
  );
}

function ContactPage() {
  const goBack = useGoBack();
  return (
    <section className="relative isolate overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60rem_24rem_at_20%_-6rem,color-mix(in_oklab,var(--brand-solid)_14%,transparent),transparent),radial-gradient(40rem_20rem_at_95%_10%,color-mix(in_oklab,var(--accent)_10%,transparent),transparent)]"
      />
      <div className="mx-auto max-w-6xl px-4 pt-6 pb-16 sm:px-6 sm:pt-10 sm:pb-24 lg:px-8">
        <Button variant="ghost" size="sm" className="-ml-3" onClick={goBack}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back
        </Button>

        <div className="mt-6 grid gap-10 lg:mt-10 lg:grid-cols-[minmax(0,0.85fr)_minmax(0,1.15fr)] lg:gap-16">
          <div>
            <Eyebrow>Contact</Eyebrow>
            <h1 className="mt-4 font-display text-4xl font-extrabold tracking-tight text-balance text-foreground sm:text-5xl">
              Contact Us
            </h1>
            <p className="mt-5 max-w-xl text-lg text-pretty text-muted">
              Questions, ideas or feedback? Send us a message and we'll get back to you as soon as possible.
            </p>
            <ul className="mt-8 hidden space-y-5 sm:block">
              {topics.map(({ icon: Icon, title, text }) => (
                <li key={title} className="flex gap-4">
                  <span
                    aria-hidden="true"
                    className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-soft text-brand"
                  >
                    <Icon className="size-5" />
                  </span>
                  <div>
                    <p className="font-semibold text-foreground">{title}</p>
                    <p className="mt-0.5 text-sm text-pretty text-muted">{withBrand(text)}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
          <ContactForm />
        </div>
      </div>
    </section>
  );
}

export default withQueryClient(ContactPage);
