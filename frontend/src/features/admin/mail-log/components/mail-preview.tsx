import { RefreshCw, Send } from 'lucide-react';
import { type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useMailDetail, useResendMail, type MailLogItem, type MailStatus } from '../api/emails';
import { Dialog } from '@/components/ui/dialog';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/form-controls';
import { Tooltip } from '@/components/ui/tooltip';
import { formatAdminDateTime } from '@/features/admin/shell/lib/format';

// The mail log's status badge, resend button and preview dialog (pages/mail-log-page.tsx).

export const STATUS_LABELS: Record<MailStatus, string> = {
  pending: 'Pending',
  logged: 'Logged',
  sent: 'Sent',
  failed: 'Failed',
  // Never sent: the address bounced for good or marked our mail as spam (the provider's webhooks).
  suppressed: 'Suppressed',
  delivered: 'Delivered',
  delayed: 'Delayed',
  bounced: 'Bounced',
};
/** What each status means, said wherever a status is shown (the badge's tooltip, the legend, the email). */
export const STATUS_DESCRIPTIONS: Record<MailStatus, string> = {
  pending: 'Waiting for the worker, which sends it within seconds.',
  logged: 'Written to this log only: email delivery is off on this instance (no RESEND_API_KEY), so it was not sent to anyone.',
  sent: 'Handed to the email provider (Resend), which is delivering it.',
  delivered: "Accepted by the recipient's mail server.",
  delayed: "The recipient's mail server is slow to accept it; the provider keeps trying.",
  bounced: "Refused by the recipient's mail server (the address may not exist). Not sent again to this address.",
  failed: 'Could not be handed to the provider after several tries. Resend it once the cause (shown with the email) is fixed.',
  suppressed: 'Not sent: this address bounced before or marked our email as spam.',
};

const STATUS_TONES: Record<MailStatus, BadgeTone> = {
  pending: 'neutral',
  logged: 'info',
  sent: 'success',
  failed: 'danger',
  suppressed: 'warning',
  delivered: 'success',
  delayed: 'warning',
  bounced: 'danger',
};

/** The status, its meaning in a tooltip on hover (the legend and the email's view say it for keyboard and touch). */
export function StatusBadge({ status }: { status: MailStatus }) {
  return (
    <Tooltip label={STATUS_DESCRIPTIONS[status] ?? status}>
      <span className="inline-flex">
        <Badge tone={STATUS_TONES[status] ?? 'neutral'}>{STATUS_LABELS[status] ?? status}</Badge>
      </span>
    </Tooltip>
  );
}

export function ResendButton({ item, size = 'sm' }: { item: MailLogItem; size?: 'sm' | 'md' }) {
  const resend = useResendMail();
  return (
    <Button
      variant="secondary"
      size={size}
      disabled={resend.isPending}
      onClick={(event) => {
        event.stopPropagation();
        // Through the promise, not mutate's callbacks: the refreshed list may no longer show this
        // button (the email is pending again), and an unmounted button's callbacks never run.
        resend.mutateAsync(item.id).then(
          () => notify.success('Email queued', `The email to ${item.to} will be sent again shortly.`),
          (error: unknown) => notify.error('Failed to resend email', errorMessage(error)),
        );
      }}
    >
      {resend.isPending ? <Spinner /> : <Send className="size-4" aria-hidden="true" />}
      Resend
    </Button>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-0.5 break-words text-foreground">{children}</dd>
    </div>
  );
}

/** One email of the log: `id` opens it; `listed` is its row, shown while the rest loads (a link to it has none). */
export function MailPreview({ id, listed, onOpenChange }: { id: string | null; listed: MailLogItem | null; onOpenChange: (open: boolean) => void }) {
  const detail = useMailDetail(id);
  const mail = detail.data ?? null;
  const item = listed ?? mail;
  const status = mail?.status ?? item?.status;

  return (
    <Dialog open={id !== null} onOpenChange={onOpenChange} title={item?.subject ?? 'Email'} size="xl">
      {!item && detail.isPending ? (
        <div role="status" className="flex items-center gap-3 py-10 text-muted">
          <Spinner className="text-brand" />
          Loading the email…
        </div>
      ) : !item && detail.isError ? (
        <p role="alert" className="py-6 text-muted">
          The email could not be loaded: {errorMessage(detail.error)}
        </p>
      ) : null}
      {item ? (
        <div className="space-y-5">
          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            <Detail label="To">{item.to}</Detail>
            <Detail label="From">{mail?.from ?? '…'}</Detail>
            <Detail label="Template">
              <span className="font-mono">{item.template}</span>
            </Detail>
            <Detail label="Status">
              {status ? (
                <>
                  <StatusBadge status={status} />
                  <span className="mt-1 block text-xs text-muted">{STATUS_DESCRIPTIONS[status]}</span>
                </>
              ) : null}
            </Detail>
            <Detail label="Created">{formatAdminDateTime(item.createdAt) ?? '—'}</Detail>
            <Detail label="Updated">{formatAdminDateTime(mail?.updatedAt ?? item.updatedAt) ?? '—'}</Detail>
            {(mail?.error ?? item.error) ? (
              <div className="sm:col-span-2">
                <Detail label="Error">
                  <span className="text-red-700 dark:text-red-300">{mail?.error ?? item.error}</span>
                </Detail>
              </div>
            ) : null}
          </dl>
          {status === 'failed' ? <ResendButton item={item} size="md" /> : null}

          {detail.isPending ? (
            <div role="status" className="flex items-center gap-3 py-10 text-muted">
              <Spinner className="text-brand" />
              Loading the email…
            </div>
          ) : detail.isError ? (
            <div role="alert" className="flex flex-wrap items-center gap-3 py-6">
              <p className="text-muted">The email could not be loaded: {errorMessage(detail.error)}</p>
              <Button variant="secondary" size="sm" onClick={() => void detail.refetch()}>
                <RefreshCw className="size-4" aria-hidden="true" />
                Try again
              </Button>
            </div>
          ) : mail && !mail.html && !mail.text ? (
            <p role="status" className="py-6 text-muted">
              The body of this email was removed when its retention period ended (the Privacy Policy says how long we keep it). What it was, to whom and when
              stay above.
            </p>
          ) : mail ? (
            <>
              {mail.linksHidden ? (
                <p role="note" className="rounded-xl border border-border bg-surface p-3 text-sm text-muted">
                  This email's links act for the person it went to (a reset, confirm, status, unsubscribe or privacy link), so their secret reads “hidden” here.
                  The person got the real links.
                </p>
              ) : null}
              <section aria-label="HTML version">
                <h3 className="mb-2 text-sm font-semibold text-foreground">HTML</h3>
                {/* Rendered in a sandbox without any permission: no scripts, no forms, its own origin. */}
                <iframe title="Email HTML preview" sandbox="" srcDoc={mail.html} className="h-[28rem] w-full rounded-xl border border-border bg-white" />
              </section>
              <section aria-label="Text version">
                <h3 className="mb-2 text-sm font-semibold text-foreground">Text</h3>
                <pre className="max-h-72 overflow-auto rounded-xl border border-border bg-surface p-4 font-mono text-xs leading-relaxed whitespace-pre-wrap text-foreground">
                  {mail.text || '(no text version)'}
                </pre>
              </section>
            </>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
