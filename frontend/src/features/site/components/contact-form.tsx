import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { FieldShell, Spinner, TextArea, TextInput } from '@/components/ui/form-controls';
import { HoneypotField } from '@/components/ui/honeypot-field';
import { notify } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useSendContactMessage } from '../api/send-contact-message';

// The /contact form (spec §2 "Contact", §3 "Contact submission", §5 "Contact", §8 "Contact"):
// first name, email and message are required, the subject is optional. On success the form
// resets; on failure every field keeps its value.

export const MESSAGE_MAX_LENGTH = 5000;

const FAILURE_MESSAGE = 'Failed to send message. Please try again.';

interface ContactFields {
  firstName: string;
  email: string;
  subject: string;
  message: string;
  website: string;
}

const EMPTY: ContactFields = { firstName: '', email: '', subject: '', message: '', website: '' };

export function ContactForm() {
  const id = useId();
  const send = useSendContactMessage();
  const [fields, setFields] = useState<ContactFields>(EMPTY);

  const update = (name: keyof ContactFields) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value }));

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
        Fields marked{' '}
        <span aria-hidden="true" className="text-brand">
          *
        </span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>

      <div className="mt-6 grid gap-5 sm:grid-cols-2">
        <FieldShell id={`${id}-first-name`} label="First name" required>
          <TextInput
            id={`${id}-first-name`}
            controlSize="lg"
            name="first_name"
            type="text"
            required
            maxLength={100}
            autoComplete="given-name"
            value={fields.firstName}
            onChange={update('firstName')}
          />
        </FieldShell>
        <FieldShell id={`${id}-email`} label="Email" required>
          <TextInput
            id={`${id}-email`}
            controlSize="lg"
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
          />
        </FieldShell>
        <FieldShell id={`${id}-subject`} label="Subject" optional className="sm:col-span-2">
          <TextInput id={`${id}-subject`} controlSize="lg" name="subject" type="text" maxLength={200} value={fields.subject} onChange={update('subject')} />
        </FieldShell>
        <FieldShell
          id={`${id}-message`}
          label="Message"
          required
          className="sm:col-span-2"
          hintClassName="text-right tabular-nums"
          hint={
            <>
              {fields.message.length.toLocaleString('en-US')} / {MESSAGE_MAX_LENGTH.toLocaleString('en-US')}
              <span className="sr-only"> characters</span>
            </>
          }
        >
          <TextArea
            id={`${id}-message`}
            controlSize="lg"
            name="message"
            required
            rows={6}
            maxLength={MESSAGE_MAX_LENGTH}
            aria-describedby={`${id}-message-hint`}
            value={fields.message}
            onChange={update('message')}
          />
        </FieldShell>
      </div>

      <HoneypotField id={`${id}-website`} value={fields.website} onChange={(website) => setFields((current) => ({ ...current, website }))} />

      <Button type="submit" size="lg" className="mt-4 w-full sm:w-auto sm:min-w-44" disabled={send.isPending}>
        {send.isPending ? (
          <>
            <Spinner />
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
