import { ChevronDown, ChevronRight, RefreshCw, Send } from 'lucide-react';
import { Fragment, useId, useState, type ReactNode } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/form-controls';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { ListTableBody, TableFrame, Td, Th, Tr } from '@/features/admin/shell/list/data-table';
import { FilterSelect, ListToolbar } from '@/features/admin/shell/list/list-toolbar';
import { formatAdminDateTime } from '@/features/admin/shell/lib/format';
import { useErrorToast } from '@/features/admin/shell/lib/use-error-toast';
import { useOneAtATime } from '@/features/admin/shell/lib/use-one-at-a-time';
import {
  isWebhookDeliveryStatus,
  useResendWebhookDelivery,
  useWebhookDeliveries,
  WEBHOOK_DELIVERY_STATUSES,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
} from '../api/webhooks';
import { DELIVERY_STATUS_DESCRIPTIONS, DELIVERY_STATUS_LABELS } from '../lib/webhook-events';

const COLUMNS = 7;
const ALL = '';

const STATUS_TONES: Record<WebhookDeliveryStatus, BadgeTone> = {
  pending: 'warning',
  sending: 'info',
  delivered: 'success',
  failed: 'danger',
  cancelled: 'neutral',
};

/** What staff may send again: not one on its way now, nor one an erasure cancelled. */
const RESENDABLE: readonly WebhookDeliveryStatus[] = ['delivered', 'failed', 'pending'];

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{DELIVERY_STATUS_LABELS[status]}</Badge>;
}

function Dash({ label }: { label: string }) {
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{label}</span>
    </>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-0.5 wrap-break-word text-foreground">{children}</dd>
    </div>
  );
}

/** A delivery's details under its row: the webhook-id every attempt carried, when it was tried, and the JSON that was sent. */
function DeliveryDetails({ id, delivery }: { id: string; delivery: WebhookDelivery }) {
  return (
    <Tr id={id} className="hover:bg-transparent">
      <Td colSpan={COLUMNS} className="bg-surface/40">
        <div className="space-y-3 py-1">
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            <Detail label="webhook-id">
              <code className="font-mono text-xs break-all">{delivery.id}</code>
            </Detail>
            <Detail label="Last attempt">{formatAdminDateTime(delivery.lastAttemptAt) ?? 'Not tried yet'}</Detail>
            <Detail label="Delivered">{formatAdminDateTime(delivery.deliveredAt) ?? 'Not yet'}</Detail>
          </dl>
          {delivery.lastError ? (
            <p className="text-sm wrap-break-word text-foreground">
              <span className="font-semibold">Last error: </span>
              {delivery.lastError}
            </p>
          ) : null}
          <div>
            <p className="text-xs font-semibold tracking-wide text-muted uppercase">Payload</p>
            <pre className="mt-1 rounded-xl border border-border bg-elevated p-3 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap text-foreground">
              {JSON.stringify(delivery.payload, null, 2)}
            </pre>
          </div>
        </div>
      </Td>
    </Tr>
  );
}

/**
 * An endpoint's delivery log, newest first, narrowed to a status (`status`, kept in the address
 * by the section), 50 at a time with Load more. A row opens its payload; a delivered, failed or
 * pending one can be sent again, under the same webhook-id.
 */
export function WebhookDeliveries({
  endpoint,
  status,
  onStatusChange,
}: {
  endpoint: WebhookEndpoint;
  status: WebhookDeliveryStatus | null;
  onStatusChange: (status: WebhookDeliveryStatus | null) => void;
}) {
  const id = useId();
  const log = useWebhookDeliveries(endpoint, status);
  const resend = useResendWebhookDelivery();
  const resendOnce = useOneAtATime();
  const [open, setOpen] = useState<string | null>(null);

  useErrorToast('Failed to fetch the delivery log', log.error, log.errorUpdatedAt);

  const deliveries = log.data?.pages.flatMap((page) => page.deliveries) ?? [];

  function sendAgain(delivery: WebhookDelivery) {
    resendOnce((done) =>
      resend.mutate(
        { endpointId: endpoint.id, deliveryId: delivery.id },
        {
          onSuccess: () => notify.success('Sending again', `This ${delivery.eventType} goes out within seconds, under the same webhook-id.`),
          onError: (error) => notify.error('Not sent again', errorMessage(error)),
          onSettled: done,
        },
      ),
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mt-5 border-t border-border pt-5">
      <h4 id={`${id}-title`} className="mb-3 text-base font-semibold text-foreground">
        Delivery log
      </h4>
      <ListToolbar
        summary={log.data && deliveries.length > 0 ? `Showing the newest ${deliveries.length} ${deliveries.length === 1 ? 'delivery' : 'deliveries'}` : null}
      >
        <FilterSelect
          id={`${id}-status`}
          label="Status"
          className="sm:w-48"
          value={status ?? ALL}
          onChange={(value) => onStatusChange(isWebhookDeliveryStatus(value) ? value : null)}
        >
          <option value={ALL}>All</option>
          {WEBHOOK_DELIVERY_STATUSES.map((value) => (
            <option key={value} value={value}>
              {DELIVERY_STATUS_LABELS[value]}
            </option>
          ))}
        </FilterSelect>
        <Button variant="secondary" className="shrink-0" onClick={() => void log.refetch()} disabled={log.isFetching}>
          {log.isFetching && !log.isFetchingNextPage ? <Spinner /> : <RefreshCw className="size-4" aria-hidden="true" />}
          Refresh
        </Button>
      </ListToolbar>
      <details className="mb-4 rounded-2xl border border-border bg-background p-4 text-sm">
        <summary className="cursor-pointer font-semibold text-foreground">What the statuses mean</summary>
        <dl className="mt-3 grid gap-3 sm:grid-cols-2">
          {WEBHOOK_DELIVERY_STATUSES.map((value) => (
            <div key={value} className="flex items-start gap-3">
              <dt className="shrink-0">
                <DeliveryStatusBadge status={value} />
              </dt>
              <dd className="text-muted">{DELIVERY_STATUS_DESCRIPTIONS[value]}</dd>
            </div>
          ))}
        </dl>
      </details>

      <TableFrame label={`Deliveries to ${endpoint.url}`} busy={log.isFetching}>
        <thead>
          <tr>
            <Th>Event</Th>
            <Th>Status</Th>
            <Th>Attempts</Th>
            <Th>Response</Th>
            <Th>Last error</Th>
            <Th>Created</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <ListTableBody
          columns={COLUMNS}
          query={log}
          rows={deliveries}
          filtered={status !== null}
          noun="delivery log"
          empty={{ title: 'No deliveries yet', hint: 'A delivery shows here as soon as one of the endpoint’s events happens.' }}
          noMatch={{ title: `No ${status ? DELIVERY_STATUS_LABELS[status].toLowerCase() : ''} deliveries`, hint: 'Choose another status, or All.' }}
        >
          {(delivery) => {
            const detailsId = `${id}-${delivery.id}`;
            const expanded = open === delivery.id;
            return (
              <Fragment key={delivery.id}>
                <Tr>
                  <Td label="Event" className="font-mono text-xs whitespace-nowrap">
                    {delivery.eventType}
                  </Td>
                  <Td label="Status">
                    <DeliveryStatusBadge status={delivery.status} />
                    {delivery.status === 'pending' ? (
                      <span className="mt-1 block text-xs text-muted">
                        Next attempt{' '}
                        <span className="whitespace-nowrap">
                          {endpoint.status === 'paused' ? 'when resumed' : (formatAdminDateTime(delivery.nextAttemptAt) ?? 'soon')}
                        </span>
                      </span>
                    ) : null}
                  </Td>
                  <Td label="Attempts" className="tabular-nums">
                    {delivery.attempts}
                  </Td>
                  <Td label="Response" className="font-mono tabular-nums">
                    {delivery.responseStatus ?? <Dash label="No response" />}
                  </Td>
                  <Td label="Last error" className="text-muted md:max-w-64 md:wrap-break-word">
                    {delivery.lastError ? <span className="line-clamp-2">{delivery.lastError}</span> : <Dash label="None" />}
                  </Td>
                  <Td label="Created" className="whitespace-nowrap text-muted">
                    <time dateTime={delivery.createdAt}>{formatAdminDateTime(delivery.createdAt) ?? delivery.createdAt}</time>
                  </Td>
                  <Td actions className="text-right whitespace-nowrap">
                    <div className="inline-flex flex-wrap justify-end gap-2">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Details of ${delivery.id}`}
                        aria-expanded={expanded}
                        aria-controls={expanded ? detailsId : undefined}
                        onClick={() => setOpen(expanded ? null : delivery.id)}
                      >
                        {expanded ? <ChevronDown className="size-4" aria-hidden="true" /> : <ChevronRight className="size-4" aria-hidden="true" />}
                        Details
                      </Button>
                      {RESENDABLE.includes(delivery.status) ? (
                        <Button variant="secondary" size="sm" disabled={resend.isPending} onClick={() => sendAgain(delivery)}>
                          {resend.isPending && resend.variables?.deliveryId === delivery.id ? <Spinner /> : <Send className="size-4" aria-hidden="true" />}
                          Send again
                        </Button>
                      ) : null}
                    </div>
                  </Td>
                </Tr>
                {expanded ? <DeliveryDetails id={detailsId} delivery={delivery} /> : null}
              </Fragment>
            );
          }}
        </ListTableBody>
      </TableFrame>

      {log.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
            {log.isFetchingNextPage ? <Spinner /> : <ChevronDown className="size-4" aria-hidden="true" />}
            {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
