import { ExternalLink, Plus, RefreshCw, Webhook } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { DeleteRowDialog } from '@/features/admin/shell/list/delete-row';
import { useErrorToast } from '@/features/admin/shell/lib/use-error-toast';
import { useOneAtATime } from '@/features/admin/shell/lib/use-one-at-a-time';
import {
  isWebhookDeliveryStatus,
  useDeleteWebhook,
  useRotateWebhookSecret,
  useWebhookEndpoints,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
} from '../api/webhooks';
import { WebhookEndpointCard } from './webhook-endpoint-card';
import { WebhookEndpointDialog } from './webhook-endpoint-dialog';
import { WebhookSecretPanel, type ShownSecret } from './webhook-secret-panel';

// The endpoint whose delivery log is open (?webhook=, its id) and the log's status filter
// (?webhookStatus=) are in the address: a reload or a shared link keeps them, and Back undoes them.
const LOG_PARAM = 'webhook';
const STATUS_PARAM = 'webhookStatus';

function EndpointsLoading() {
  return (
    <div role="status" className="space-y-4">
      <span className="sr-only">Loading the webhook endpoints…</span>
      {[0, 1].map((key) => (
        <div key={key} aria-hidden="true" className="rounded-2xl border border-border bg-elevated p-5 shadow-sm motion-safe:animate-pulse sm:p-6">
          <div className="h-5 w-2/3 rounded-full bg-surface" />
          <div className="mt-3 h-4 w-1/3 rounded-full bg-surface" />
          <div className="mt-5 flex gap-2">
            <div className="h-6 w-28 rounded-full bg-surface" />
            <div className="h-6 w-32 rounded-full bg-surface" />
          </div>
          <div className="mt-5 h-9 w-full max-w-md rounded-full bg-surface" />
        </div>
      ))}
    </div>
  );
}

/**
 * The integrations page's outgoing webhooks: what they are and how a receiver checks them, the
 * endpoints with their actions and delivery logs, adding one (its secret shown once, in a panel
 * above the list, until Done), and a rotated secret the same way.
 */
export function WebhooksSection() {
  const id = useId();
  const endpoints = useWebhookEndpoints();
  const rotate = useRotateWebhookSecret();
  const remove = useDeleteWebhook();
  const rotateOnce = useOneAtATime();
  const [params, setParams] = useSearchParams();
  // A new key each time the dialog opens: it starts from the endpoint as it is now (or empty).
  const [dialog, setDialog] = useState<{ open: boolean; key: number; endpoint?: WebhookEndpoint }>({ open: false, key: 0 });
  const [shown, setShown] = useState<ShownSecret | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);

  useErrorToast('Failed to fetch the webhooks', endpoints.error, endpoints.errorUpdatedAt);

  const logOf = params.get(LOG_PARAM);
  const rawStatus = params.get(STATUS_PARAM);
  const logStatus = isWebhookDeliveryStatus(rawStatus) ? rawStatus : null;
  const list = endpoints.data ?? [];

  function setLog(endpointId: string | null, status: WebhookDeliveryStatus | null) {
    const next = new URLSearchParams(params);
    if (endpointId) next.set(LOG_PARAM, endpointId);
    else next.delete(LOG_PARAM);
    if (endpointId && status) next.set(STATUS_PARAM, status);
    else next.delete(STATUS_PARAM);
    setParams(next);
  }

  const addId = `${id}-add`;
  const rotateIdOf = (endpointId: string) => `${id}-rotate-${endpointId}`;

  /** The panel goes; the focus, which was in it, goes back to the button that made the secret. */
  function secretDone() {
    if (!shown) return;
    setShown(null);
    document.getElementById(shown.rotated ? rotateIdOf(shown.endpointId) : addId)?.focus();
  }

  function openDialog(endpoint?: WebhookEndpoint) {
    setDialog((current) => ({ open: true, key: current.key + 1, endpoint }));
  }

  function confirmRotate() {
    if (!rotating) return;
    const endpoint = rotating;
    rotateOnce((done) =>
      rotate.mutate(endpoint.id, {
        onSuccess: ({ secret }) => setShown({ endpointId: endpoint.id, url: endpoint.url, secret, rotated: true }),
        onError: (error) => notify.error('Secret not rotated', errorMessage(error)),
        onSettled: () => {
          setRotating(null);
          done();
        },
      }),
    );
  }

  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 id={`${id}-title`} className="text-xl font-semibold text-foreground">
            Webhooks
          </h2>
          <p className="mt-1 max-w-3xl text-sm text-pretty text-muted">
            A webhook tells another system (a CRM, a newsletter tool, your own code) the moment something happens to a member: we POST the event as JSON to the
            endpoint’s URL. Every delivery is signed to the{' '}
            <a
              href="https://www.standardwebhooks.com"
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 font-medium text-brand underline underline-offset-4"
            >
              Standard Webhooks specification
              <ExternalLink className="size-3.5" aria-hidden="true" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>{' '}
            (headers <code className="font-mono text-xs">webhook-id</code>, <code className="font-mono text-xs">webhook-timestamp</code> and{' '}
            <code className="font-mono text-xs">webhook-signature</code>): verify it with the <code className="font-mono text-xs">standardwebhooks</code>{' '}
            library, in any language. A delivery that fails is retried with growing waits for about a day; an endpoint whose every attempt fails for a day is
            paused, and the team is emailed.
          </p>
        </div>
        <Button id={addId} className="shrink-0" onClick={() => openDialog()}>
          <Plus className="size-4" aria-hidden="true" />
          Add endpoint
        </Button>
      </div>

      {shown ? <WebhookSecretPanel key={`${shown.endpointId}-${shown.secret}`} shown={shown} onDone={secretDone} /> : null}

      {endpoints.isPending ? (
        <EndpointsLoading />
      ) : endpoints.isError && !endpoints.data ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-elevated px-4 py-12 text-center shadow-sm">
          <p className="text-muted">The webhook endpoints could not be loaded.</p>
          <Button variant="secondary" size="sm" onClick={() => void endpoints.refetch()}>
            <RefreshCw className="size-4" aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div className="mx-auto flex flex-col items-center gap-2 rounded-2xl border border-dashed border-border-strong bg-elevated px-4 py-12 text-center">
          <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-full bg-surface text-muted">
            <Webhook className="size-6" />
          </span>
          <p className="font-semibold text-foreground">No webhook endpoints yet</p>
          <p className="max-w-md text-sm text-muted">
            Add the URL of a system that should hear when members join, confirm, are let in, unsubscribe or are erased.
          </p>
          <Button className="mt-2" onClick={() => openDialog()}>
            <Plus className="size-4" aria-hidden="true" />
            Add your first endpoint
          </Button>
        </div>
      ) : (
        <ul aria-label="Webhook endpoints" className="space-y-4">
          {list.map((endpoint) => (
            <li key={endpoint.id}>
              <WebhookEndpointCard
                endpoint={endpoint}
                logOpen={logOf === endpoint.id}
                onToggleLog={() => setLog(logOf === endpoint.id ? null : endpoint.id, null)}
                logStatus={logOf === endpoint.id ? logStatus : null}
                onLogStatusChange={(status) => setLog(endpoint.id, status)}
                onEdit={() => openDialog(endpoint)}
                rotateId={rotateIdOf(endpoint.id)}
                onRotate={() => setRotating(endpoint)}
                onDelete={() => setDeleting(endpoint)}
              />
            </li>
          ))}
        </ul>
      )}

      <WebhookEndpointDialog
        key={dialog.key}
        open={dialog.open}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        endpoint={dialog.endpoint}
        onCreated={setShown}
      />

      <ConfirmDialog
        open={rotating !== null}
        onOpenChange={(open) => {
          if (!open && !rotate.isPending) setRotating(null);
        }}
        title="Rotate the signing secret?"
        description={
          rotating ? (
            <>
              A new secret signs every delivery to <span className="break-all">{rotating.url}</span> from now on; it is shown once. The old secret keeps signing
              beside it for 24 hours, so update your receiver within a day.
            </>
          ) : (
            ''
          )
        }
        confirmLabel="Rotate secret"
        destructive={false}
        busy={rotate.isPending}
        onConfirm={confirmRotate}
      />

      <DeleteRowDialog
        row={deleting}
        onClose={() => setDeleting(null)}
        remove={remove}
        title="Delete this endpoint?"
        description={(endpoint) => (
          <>
            Nothing more is sent to <span className="break-all">{endpoint.url}</span>, and its delivery log is deleted with it. This can’t be undone.
          </>
        )}
        onDeleted={(endpoint) => {
          notify.success('Endpoint deleted', `Nothing more goes to ${endpoint.url}.`);
          if (shown?.endpointId === endpoint.id) setShown(null);
          if (logOf === endpoint.id) setLog(null, null);
        }}
        onFailed={(error) => notify.error('Endpoint not deleted', errorMessage(error))}
      />
    </section>
  );
}
