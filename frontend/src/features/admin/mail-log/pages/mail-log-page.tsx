import { RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { isMailStatus, kindLabel, MAIL_STATUSES, useMailDelivery, useMailLog, useMailTemplates, type MailStatus } from '../api/emails';
import { AdminPage } from '@/features/admin/shell/components/admin-page';
import { TableEmpty, TableFrame, TableLoadError, TableLoading, Td, Th, Tr } from '@/features/admin/shell/list/data-table';
import { Spinner } from '@/components/ui/form-controls';
import { ListPager } from '@/features/admin/shell/list/list-pager';
import { FilterSelect, ListToolbar, SearchField } from '@/features/admin/shell/list/list-toolbar';
import { formatAdminDateTime } from '@/features/admin/shell/lib/format';
import { useErrorToast } from '@/features/admin/shell/lib/use-error-toast';
import { useSearchInAddress } from '@/features/admin/shell/lib/use-search-in-address';
import { MailDeliveryBanner } from '../components/mail-delivery-banner';
import { MailPreview, ResendButton, STATUS_DESCRIPTIONS, STATUS_LABELS, StatusBadge } from '../components/mail-preview';

// /admin/emails: the mail log (every email the platform wrote), newest first, searched by
// recipient or subject, filtered by status and kind, and paged; a row opens a preview (the HTML
// in a sandboxed frame, and the text), and a failed email can be sent again. The search, the
// filters, the page and the open email (?email=, its id) are in the address: a reload or a shared
// link keeps them, and Back closes an email.

const COLUMNS = 5;

function pageOf(params: URLSearchParams): number {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return Number.isFinite(page) && page > 0 ? page : 1;
}

export default function MailLogPage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const page = pageOf(params);
  const rawStatus = params.get('status');
  const status: MailStatus | null = isMailStatus(rawStatus) ? rawStatus : null;
  const template = params.get('kind');
  const { search, setSearch, query } = useSearchInAddress('q', (settled) => setQuery({ q: settled, page: 1 }));
  const log = useMailLog({ page, status, template, search: query });
  const templates = useMailTemplates();
  const delivery = useMailDelivery();
  const deliveryOff = delivery.data?.enabled === false;
  const location = useLocation();
  const navigate = useNavigate();
  const openId = params.get('email');

  useErrorToast('Failed to fetch the mail log', log.error, log.errorUpdatedAt);

  const data = log.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const first = data && data.total > 0 ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? Math.min(data.total, (data.page - 1) * data.pageSize + data.items.length) : 0;

  function setQuery(next: { page?: number; status?: MailStatus | null; template?: string | null; q?: string }) {
    const search = new URLSearchParams(params);
    const put = (key: string, value: string | null | undefined) => (value ? search.set(key, value) : search.delete(key));
    if (next.status !== undefined) put('status', next.status);
    if (next.template !== undefined) put('kind', next.template);
    if (next.q !== undefined) put('q', next.q);
    const nextPage = next.page ?? page;
    put('page', nextPage > 1 ? String(nextPage) : null);
    search.delete('email');
    setParams(search, { replace: next.q !== undefined });
  }

  const narrowed = Boolean(status || template || query);

  /** Opening an email is a step in the history: Back closes it. */
  function openEmail(emailId: string) {
    const search = new URLSearchParams(params);
    search.set('email', emailId);
    setParams(search, { state: { openedHere: true } });
  }

  function closeEmail() {
    if ((location.state as { openedHere?: boolean } | null)?.openedHere) {
      navigate(-1);
      return;
    }
    const search = new URLSearchParams(params);
    search.delete('email');
    setParams(search, { replace: true });
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
      <MailDeliveryBanner />
      <ListToolbar summary={data ? (data.total === 0 ? 'No emails' : `Showing ${first}–${last} of ${data.total} emails`) : null}>
        <SearchField id={`${id}-search`} label="Search" placeholder="Recipient or subject" value={search} onChange={setSearch} />
        <FilterSelect
          id={`${id}-kind`}
          label="Kind"
          className="sm:w-56"
          value={template ?? 'all'}
          onChange={(value) => setQuery({ template: value === 'all' ? null : value, page: 1 })}
        >
          <option value="all">All kinds</option>
          {[...new Set([...(templates.data ?? []), ...(template ? [template] : [])])].map((value) => (
            <option key={value} value={value}>
              {kindLabel(value)}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          id={`${id}-status`}
          label="Status"
          className="sm:w-48"
          value={status ?? 'all'}
          onChange={(value) => setQuery({ status: isMailStatus(value) ? value : null, page: 1 })}
        >
          <option value="all">All</option>
          {MAIL_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABELS[value]}
            </option>
          ))}
        </FilterSelect>
      </ListToolbar>
      <details className="mb-4 rounded-2xl border border-border bg-elevated p-4 text-sm">
        <summary className="cursor-pointer font-semibold text-foreground">What the statuses mean</summary>
        <dl className="mt-3 grid gap-3 sm:grid-cols-2">
          {(['pending', ...MAIL_STATUSES, 'delayed'] as MailStatus[]).map((value) => (
            <div key={value} className="flex items-start gap-3">
              <dt className="shrink-0">
                <StatusBadge status={value} />
              </dt>
              <dd className="text-muted">{STATUS_DESCRIPTIONS[value]}</dd>
            </div>
          ))}
        </dl>
      </details>

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
            <TableEmpty
              colSpan={COLUMNS}
              title={
                query
                  ? `No emails match “${query}”`
                  : status
                    ? `No ${STATUS_LABELS[status].toLowerCase()} emails`
                    : narrowed
                      ? 'No emails of this kind'
                      : 'No emails yet'
              }
            >
              {status && deliveryOff && status !== 'logged'
                ? 'Email delivery is off on this instance, so emails are logged, not sent: see “Logged”.'
                : narrowed
                  ? 'Try other words, another status or another kind.'
                  : 'Emails appear here as soon as the platform writes one.'}
            </TableEmpty>
          ) : (
            data.items.map((item) => (
              <Tr key={item.id} className="cursor-pointer" onClick={() => openEmail(item.id)}>
                {/* Top-aligned: a wrapped subject's baseline is its last line. */}
                <Td label="Subject" className="max-md:items-start!">
                  <button
                    type="button"
                    onClick={(event) => {
                      event.stopPropagation();
                      openEmail(item.id);
                    }}
                    className="rounded text-left font-medium text-foreground underline-offset-4 hover:underline"
                  >
                    {item.subject}
                  </button>
                </Td>
                <Td label="To" className="md:break-all">
                  {item.to}
                </Td>
                <Td label="Template" className="font-mono text-xs whitespace-nowrap">
                  {item.template}
                </Td>
                <Td label="Status">
                  <div className="flex items-center gap-2">
                    <StatusBadge status={item.status} />
                    {item.status === 'failed' ? <ResendButton item={item} /> : null}
                  </div>
                </Td>
                <Td label="Created" className="whitespace-nowrap text-muted">
                  {formatAdminDateTime(item.createdAt) ?? '—'}
                </Td>
              </Tr>
            ))
          )}
        </tbody>
      </TableFrame>

      {data && pageCount > 1 ? (
        <ListPager
          label="Mail log pages"
          place={
            <>
              Page {Math.min(page, pageCount)} of {pageCount}
            </>
          }
          previousDisabled={page <= 1}
          onPrevious={() => setQuery({ page: page - 1 })}
          nextDisabled={page >= pageCount}
          onNext={() => setQuery({ page: page + 1 })}
        />
      ) : null}

      <MailPreview
        id={openId}
        listed={data?.items.find((item) => item.id === openId) ?? null}
        onOpenChange={(open) => {
          if (!open) closeEmail();
        }}
      />
    </AdminPage>
  );
}
