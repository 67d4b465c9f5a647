import { clsx } from 'clsx';
import { Eye, FlaskConical, Send } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FieldShell, FormError, labelClasses, Spinner, TextInput } from '@/components/ui/form-controls';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { Panel } from '@/features/admin/shell/components/admin-page';
import { uploadResourceImage } from '@/features/admin/shell/api/images';
import { RichTextEditor } from '@/features/admin/shell/components/rich-text-editor';
import { hasContent } from '@/features/admin/shell/lib/rich-text';
import {
  AUDIENCES,
  useAudienceSize,
  useBroadcastProgress,
  usePreview,
  useSendBroadcast,
  useSendTest,
  type BroadcastAudience,
  type LeaveOut,
} from '../api/broadcasts';
import { BroadcastProgressBar, CancelScheduled } from './broadcast-progress';
import { EmailPreview } from './email-preview';

const DRAFT_KEY = 'swishly.admin.broadcast-draft';

interface Draft {
  subject: string;
  html: string;
  audience: BroadcastAudience;
  /** Whom staff leave out of the audience. */
  leaveOut: LeaveOut;
  /** The send's Idempotency-Key: one per draft, so a retried click sends nothing twice. */
  key: string;
  /** Send now, or at `sendAt` (a datetime-local value, the browser's own time zone). */
  when: 'now' | 'later';
  sendAt: string;
}

const LEAVE_OUT: { key: keyof LeaveOut; label: string }[] = [
  { key: 'withoutDisposable', label: 'Leave out throwaway addresses' },
  { key: 'withoutHeldReferrals', label: 'Leave out members whose referral is held for review' },
];

const newDraft = (): Draft => ({
  subject: '',
  html: '',
  audience: 'all',
  leaveOut: { withoutDisposable: false, withoutHeldReferrals: false },
  key: crypto.randomUUID(),
  when: 'now',
  sendAt: '',
});

/** A datetime-local value (the browser's time zone) for a Date: what the input shows and takes. */
const localInput = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
const whenLabel = (local: string) => new Date(local).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** The draft kept in this browser until it is sent: a reload or a crash loses nothing. */
function readDraft(): Draft {
  try {
    const saved = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null') as Partial<Draft> | null;
    if (saved && typeof saved.subject === 'string' && typeof saved.html === 'string' && typeof saved.key === 'string') {
      return {
        ...newDraft(),
        ...saved,
        audience: AUDIENCES.some((a) => a.value === saved.audience) ? saved.audience! : 'all',
        leaveOut: { ...newDraft().leaveOut, ...saved.leaveOut },
      };
    }
  } catch {
    // A broken copy: start afresh.
  }
  return newDraft();
}

const n = (value: number) => value.toLocaleString('en-US');

function AudienceOption({
  value,
  label,
  hint,
  checked,
  name,
  onSelect,
  leaveOut,
}: (typeof AUDIENCES)[number] & { checked: boolean; name: string; onSelect: () => void; leaveOut: LeaveOut }) {
  const size = useAudienceSize(value, leaveOut);
  return (
    <label
      className={clsx(
        'flex cursor-pointer items-start gap-3 rounded-xl border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand',
        checked ? 'border-brand bg-brand-soft' : 'border-border hover:bg-surface',
      )}
    >
      <input type="radio" name={name} value={value} checked={checked} onChange={onSelect} className="mt-1 accent-[var(--color-brand)]" />
      <span className="min-w-0">
        <span className="block font-medium text-foreground">
          {label}{' '}
          <span className="text-sm font-normal text-muted tabular-nums">
            {size.data
              ? `· ${n(size.data.recipients)} ${size.data.recipients === 1 ? 'member' : 'members'}`
              : size.isError
                ? '· count unavailable'
                : '· counting…'}
          </span>
        </span>
        <span className="block text-sm text-muted">
          {hint}
          {size.data?.notMailable
            ? ` ${n(size.data.notMailable)} more ${size.data.notMailable === 1 ? 'is' : 'are'} in this group but cannot be emailed: unsubscribed, bounced or marked as spam.`
            : ''}
        </span>
      </span>
    </label>
  );
}

/**
 * Writing and sending a launch announcement: subject, body (the resources editor), audience with
 * its recipient count, a preview in both themes, a test to yourself, then the send (after a
 * confirmation naming the count) and its progress.
 */
export function BroadcastComposer() {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(readDraft);
  const [editorKey, setEditorKey] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [sendingId, setSendingId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const preview = usePreview();
  const test = useSendTest();
  const send = useSendBroadcast();
  const audienceSize = useAudienceSize(draft.audience, draft.leaveOut);
  const progress = useBroadcastProgress(sendingId);
  const recipients = audienceSize.data?.recipients;
  const done = progress.data !== undefined && progress.data.status !== 'sending';

  useEffect(() => {
    localStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  }, [draft]);

  useEffect(() => {
    if (done && progress.data?.status === 'sent') notify.success('Announcement sent', `${n(progress.data.sent)} members got “${progress.data.subject}”.`);
    // Once per announcement, when it is done.
  }, [done, sendingId]);

  const update = <K extends keyof Draft>(field: K, value: Draft[K]) => setDraft((current) => ({ ...current, [field]: value }));

  const later = draft.when === 'later';
  function check(): boolean {
    const problem = !draft.subject.trim()
      ? 'Give the announcement a subject.'
      : !hasContent(draft.html)
        ? 'Write the announcement before sending it.'
        : later && !(new Date(draft.sendAt).getTime() > Date.now())
          ? 'Choose a time in the future to send it, or send it now.'
          : null;
    setError(problem);
    return problem === null;
  }

  function showPreview() {
    preview.mutate(
      { subject: draft.subject, html: draft.html, audience: draft.audience, ...draft.leaveOut },
      { onError: (e) => notify.error('Preview failed', errorMessage(e)) },
    );
  }

  function sendTest() {
    if (!check()) return;
    test.mutate(
      { subject: draft.subject, html: draft.html },
      {
        onSuccess: (sent) => notify.success('Test sent', `Sent to ${sent.to}. It arrives marked [Test].`),
        onError: (e) => notify.error('Test not sent', errorMessage(e)),
      },
    );
  }

  function askToSend(event: FormEvent) {
    event.preventDefault();
    if (check()) setConfirming(true);
  }

  function confirmSend() {
    send.mutate(
      {
        subject: draft.subject,
        html: draft.html,
        audience: draft.audience,
        ...draft.leaveOut,
        ...(later ? { sendAt: new Date(draft.sendAt).toISOString() } : {}),
        key: draft.key,
      },
      {
        onSuccess: (created) => {
          setConfirming(false);
          setSendingId(created.id);
          setDraft(newDraft());
          setEditorKey((k) => k + 1);
          preview.reset();
        },
        onError: (e) => {
          setConfirming(false);
          setError(errorMessage(e));
        },
      },
    );
  }

  const audience = AUDIENCES.find((a) => a.value === draft.audience)!;
  return (
    <Panel aria-labelledby={`${id}-title`} className="mb-8">
      <h2 id={`${id}-title`} className="font-display text-xl font-bold tracking-tight text-foreground">
        New announcement
      </h2>
      <p className="mt-1 text-sm text-muted">
        One email to everyone in the audience who confirmed their address. Nobody who unsubscribed, bounced or asked to be erased gets it, and every email
        carries a one-click unsubscribe.
      </p>

      {sendingId && progress.data ? (
        <div className="mt-5 rounded-xl border border-border p-4">
          <p className="mb-2 font-medium text-foreground">“{progress.data.subject}”</p>
          <BroadcastProgressBar progress={progress.data} label="Announcement progress" />
          {progress.data.status === 'scheduled' ? <CancelScheduled id={progress.data.id} className="mt-3 mr-2" /> : null}
          {done ? (
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => setSendingId(null)}>
              Write another
            </Button>
          ) : null}
        </div>
      ) : null}

      <form
        onSubmit={askToSend}
        noValidate
        className={clsx('mt-5 space-y-5', sendingId && !done && 'hidden')}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <FieldShell id={`${id}-subject`} label="Subject" required>
          <TextInput
            id={`${id}-subject`}
            value={draft.subject}
            maxLength={200}
            onChange={(event) => update('subject', event.target.value)}
            placeholder="Swishly is out today"
          />
        </FieldShell>
        <div>
          <p id={`${id}-body`} className={labelClasses}>
            Message
            <span aria-hidden="true" className="text-brand">
              {' '}
              *
            </span>
          </p>
          <p className="mb-2 text-sm text-muted">
            Make it each member's own with <code>{'{{first_name}}'}</code>, <code>{'{{position}}'}</code> (their place, as “#42”) and{' '}
            <code>{'{{referral_link}}'}</code> (written out as an address).
          </p>
          <RichTextEditor
            key={editorKey}
            labelId={`${id}-body`}
            initialHtml={draft.html}
            onChange={(html) => update('html', html)}
            uploadImage={(file) => uploadResourceImage(file, file.name)}
            placeholder="Write the announcement: what is new, and what members can do now…"
          />
        </div>
        <fieldset>
          <legend className={labelClasses}>Audience</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {AUDIENCES.map((option) => (
              <AudienceOption
                key={option.value}
                {...option}
                name={`${id}-audience`}
                checked={draft.audience === option.value}
                onSelect={() => update('audience', option.value)}
                leaveOut={draft.leaveOut}
              />
            ))}
          </div>
          <div className="mt-3 flex flex-col gap-2 text-sm">
            {LEAVE_OUT.map(({ key, label }) => (
              <label key={key} className="inline-flex items-start gap-2">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-[var(--color-brand)]"
                  checked={draft.leaveOut[key]}
                  onChange={(event) => update('leaveOut', { ...draft.leaveOut, [key]: event.target.checked })}
                />
                {label}
              </label>
            ))}
            {audienceSize.data?.leftOut ? (
              <p className="text-muted">
                {n(audienceSize.data.leftOut)} {audienceSize.data.leftOut === 1 ? 'member' : 'members'} of this audience left out by your choices.
              </p>
            ) : null}
          </div>
        </fieldset>
        <fieldset>
          <legend className={labelClasses}>When</legend>
          <div className="flex flex-col gap-2 text-sm sm:flex-row sm:items-center sm:gap-6">
            <label className="inline-flex items-center gap-2">
              <input type="radio" name={`${id}-when`} checked={!later} onChange={() => update('when', 'now')} className="accent-[var(--color-brand)]" />
              Now
            </label>
            <label className="inline-flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-when`}
                checked={later}
                onChange={() => {
                  update('when', 'later');
                  if (!draft.sendAt) update('sendAt', localInput(new Date(Date.now() + 3600_000)));
                }}
                className="accent-[var(--color-brand)]"
              />
              Later
            </label>
            {later ? (
              <label className="inline-flex min-w-0 flex-wrap items-center gap-2">
                <span className="sr-only">Send on</span>
                <input
                  type="datetime-local"
                  value={draft.sendAt}
                  min={localInput(new Date())}
                  onChange={(event) => update('sendAt', event.target.value)}
                  className="min-w-0 rounded-lg border border-border bg-background px-3 py-2 text-foreground"
                />
                <span className="text-muted">your time; the audience is counted then</span>
              </label>
            ) : null}
          </div>
        </fieldset>
        <FormError id={`${id}-error`} message={error} />
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Button type="button" variant="secondary" onClick={showPreview} disabled={preview.isPending}>
            {preview.isPending ? <Spinner /> : <Eye className="size-4" aria-hidden="true" />}
            Preview
          </Button>
          <Button type="button" variant="secondary" onClick={sendTest} disabled={test.isPending}>
            {test.isPending ? <Spinner /> : <FlaskConical className="size-4" aria-hidden="true" />}
            Send me a test
          </Button>
          <Button type="submit" disabled={send.isPending || (recipients === 0 && !later)} className="sm:ml-auto">
            <Send className="size-4" aria-hidden="true" />
            {later ? 'Schedule' : recipients === undefined ? 'Send' : `Send to ${n(recipients)} ${recipients === 1 ? 'member' : 'members'}`}
          </Button>
        </div>
        {preview.data ? (
          <div>
            <p className="mb-2 text-sm text-muted">
              {preview.data.previewedAs
                ? `As ${preview.data.previewedAs.firstName} (${preview.data.previewedAs.email}) will get it: the audience's first member.`
                : 'Nobody is in this audience yet: shown with a sample member.'}
            </p>
            <EmailPreview html={preview.data.html} title="Email preview" />
          </div>
        ) : null}
      </form>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={later ? 'Schedule this announcement?' : 'Send this announcement?'}
        description={
          later
            ? `“${draft.subject.trim()}” goes to the ${audience.label.toLowerCase()} members who can be emailed on ${whenLabel(draft.sendAt)}. You can cancel it until then.`
            : `“${draft.subject.trim()}” goes to ${recipients === undefined ? 'the' : n(recipients)} ${audience.label.toLowerCase()} ${recipients === 1 ? 'member' : 'members'} now. An email cannot be taken back.`
        }
        confirmLabel={later ? 'Schedule' : 'Send now'}
        busy={send.isPending}
        onConfirm={confirmSend}
      />
    </Panel>
  );
}
