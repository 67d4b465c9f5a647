import { ChevronLeft, ChevronRight, RefreshCw, Send } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import {
  isMailStatus,
  MAIL_STATUSES,
  useMailDetail,
  useMailLog,
  useResendMail,
  type MailLogItem,
  type MailStatus,
} from '../api/emails';
import { AdminDialog } from '../components/admin-dialog';
import { AdminPage } from '../components/admin-page';
import { Badge, type BadgeTone } from '../components/badge';
import { TableEmpty, TableFrame, TableLoadError, TableLoading, Td, Th } from '../components/data-table';
import { labelClasses, Select, Spinner } from '../components/form-controls';
import { ListToolbar } from '../components/list-toolbar';
import { formatAdminDateTime } from '../lib/format';
import { useErrorToast } from '../lib/use-error-toast';

// /admin/emails: the mail log (every email the platform wrote), newest first, filtered by
// status and paged; a row opens a preview (the HTML in a sandboxed frame, and the text), and a
// failed email can be sent again.

const COLUMNS = 5;

const STATUS_LABELS: Record<MailStatus, string> = { pending: 'Pending', logged: 'Logged', sent: 'Sent', failed: 'Failed' };
const STATUS_TONES: Record<MailStatus, BadgeTone> = { pending: 'neutral', logged: 'info', sent: 'success', failed: 'danger' };

function StatusBadge({ status }: { status: MailStatus }) {
  return <Badge tone={STATUS_TONES[status] ?? 'neutral'}>{STATUS_LABELS[status] ?? status}</Badge>;
}

function pageOf(params: URLSearchParams): number {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return Number.isFinite(page) && page > 0 ? page : 1;
}

function ResendButton({ item, size = 'sm' }: { item: MailLogItem; size?: 'sm' | 'md' }) {
  const resend = useResendMail();
  return (
    <Button
      variant="secondary"
      size={size}
      disabled={resend.isPending}
      onClick={(event) => {
        event.stopPropagation();
        resend.mutate(item.id, {
          onSuccess: () => notify.success('Email queued', `The email to ${item.to} will be sent again shortly.`),
          onError: (error) => notify.error('Failed to resend email', errorMessage(error)),
        });
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

function MailPreview({ item, onOpenChange }: { item: MailLogItem | null; onOpenChange: (open: boolean) => void }) {
  const detail = useMailDetail(item?.id ?? null);
  const mail = detail.data ?? null;
  const status = mail?.status ?? item?.status;

  return (
    <AdminDialog open={item !== null} onOpenChange={onOpenChange} title={item?.subject ?? 'Email'} size="xl">
      {item ? (
        <div className="space-y-5">
          <dl className="grid gap-4 text-sm sm:grid-cols-2">
            <Detail label="To">{item.to}</Detail>
            <Detail label="From">{mail?.from ?? '…'}</Detail>
            <Detail label="Template">
              <span className="font-mono">{item.template}</span>
            </Detail>
            <Detail label="Status">{status ? <StatusBadge status={status} /> : null}</Detail>
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
          ) : mail ? (
            <>
              <section aria-label="HTML version">
                <h3 className="mb-2 text-sm font-semibold text-foreground">HTML</h3>
                {/* Rendered in a sandbox without any permission: no scripts, no forms, its own origin. */}
                <iframe
                  title="Email HTML preview"
                  sandbox=""
                  srcDoc={mail.html}
                  className="h-[28rem] w-full rounded-xl border border-border bg-white"
                />
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
    </AdminDialog>
  );
}

export default function MailLogPage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const rawStatus = params.get('status');
  const status: MailStatus | null = isMailStatus(rawStatus) ? rawStatus : null;
  const log = useMailLog({ page, status });
  const [selected, setSelected] = useState<MailLogItem | null>(null);

  useErrorToast('Failed to fetch the mail log', log.error, log.errorUpdatedAt);

  const data = log.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const first = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? Math.min(data.total, (data.page - 1) * data.pageSize + data.items.length) : 0;

  function setQuery(next: { page?: number; status?: MailStatus | null }) {
    const search = new URLSearchParams(params);
    const nextStatus = next.status === undefined ? status : next.status;
    const nextPage = next.page ?? page;
    if (nextStatus) search.set('status', nextStatus);
    else search.delete('status');
    if (nextPage > 1) search.set('page', String(nextPage));
    else search.delete('page');
    setParams(search);
  }

  return (
    <AdminPage
      title="Mail Log"
      description="Every email the platform wrote, newest first. Open one to preview it; failed emails can be sent again."
      actions={
        <Button variant="secondary" onClick={() => void log.refetch()} disabled={log.isFetching}>
          {log.isFetching ? <Spinner /> : <RefreshCw className="size-4" aria-hidden="true" />}
          Refresh
        </Button>
      }
    >
      <ListToolbar
        summary={data ? (data.total === 0 ? 'No emails' : `Showing ${first}–${last} of ${data.total} emails`) : null}
      >
        <div className="sm:w-48">
          <label htmlFor={`${id}-status`} className={labelClasses}>
            Status
          </label>
          <Select
            id={`${id}-status`}
            value={status ?? 'all'}
            onChange={(event) => {
              const value = event.target.value;
              setQuery({ status: isMailStatus(value) ? value : null, page: 1 });
            }}
          >
            <option value="all">All</option>
            {MAIL_STATUSES.map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
        </div>
      </ListToolbar>

      <TableFrame label="Emails" busy={log.isFetching}>
        <thead>
          <tr>
            <Th>Subject</Th>
            <Th>To</Th>
            <Th>Template</Th>
            <Th>Status</Th>
            <Th>Created</Th>
          </tr>
        </thead>
        <tbody>
          {log.isPending ? (
            <TableLoading colSpan={COLUMNS} label="Loading emails" />
          ) : log.isError && !data ? (
            <TableLoadError colSpan={COLUMNS} message="The mail log could not be loaded." onRetry={() => void log.refetch()} />
          ) : !data || data.items.length === 0 ? (
            <TableEmpty colSpan={COLUMNS} title={status ? `No ${STATUS_LABELS[status].toLowerCase()} emails` : 'No emails yet'}>
              {status ? 'Try another status.' : 'Emails appear here as soon as the platform writes one.'}
            </TableEmpty>
          ) : (
            data.items.map((item) => (
              <tr key={item.id} className="cursor-pointer hover:bg-surface/60" onClick={() => setSelected(item)}>
                <Td>
                  <button
                    type="button"
                    onClick={(event) => {
                      event.stopPropagation();
                      setSelected(item);
                    }}
                    className="rounded text-left font-medium text-foreground underline-offset-4 hover:underline"
                  >
                    {item.subject}
                  </button>
                </Td>
                <Td className="break-all">{item.to}</Td>
                <Td className="font-mono text-xs whitespace-nowrap">{item.template}</Td>
                <Td>
                  <div className="flex items-center gap-2">
                    <StatusBadge status={item.status} />
                    {item.status === 'failed' ? <ResendButton item={item} /> : null}
                  </div>
                </Td>
                <Td className="whitespace-nowrap text-muted">{formatAdminDateTime(item.createdAt) ?? '—'}</Td>
              </tr>
            ))
          )}
        </tbody>
      </TableFrame>

      {data && pageCount > 1 ? (
        <nav aria-label="Mail log pages" className="mt-4 flex items-center justify-between gap-4">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setQuery({ page: page - 1 })}>
            <ChevronLeft className="size-4" aria-hidden="true" />
            Previous
          </Button>
          <p className="text-sm text-muted" aria-live="polite">
            Page {Math.min(page, pageCount)} of {pageCount}
          </p>
          <Button variant="secondary" size="sm" disabled={page >= pageCount} onClick={() => setQuery({ page: page + 1 })}>
            Next
            <ChevronRight className="size-4" aria-hidden="true" />
          </Button>
        </nav>
      ) : null}

      <MailPreview item={selected} onOpenChange={(open) => !open && setSelected(null)} />
    </AdminPage>
  );
}
