import { AlertTriangle, ChevronDown, ChevronRight, KeyRound, Pause, Pencil, Play, Trash2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/form-controls';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatAdminDateTime } from '@/features/admin/shell/lib/format';
import { useOneAtATime } from '@/features/admin/shell/lib/use-one-at-a-time';
import { usePauseWebhook, useResumeWebhook, type WebhookDeliveryStatus, type WebhookEndpoint } from '../api/webhooks';
import { WebhookDeliveries } from './webhook-deliveries';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm text-foreground tabular-nums">{children}</dd>
    </div>
  );
}

function StatusBadge({ endpoint }: { endpoint: WebhookEndpoint }) {
  if (endpoint.status === 'active') return endpoint.failingSince ? <Badge tone="warning">Active, failing</Badge> : <Badge tone="success">Active</Badge>;
  return endpoint.pausedReason === 'failing' ? <Badge tone="danger">Paused after a day of failures</Badge> : <Badge tone="neutral">Paused by staff</Badge>;
}

/** Why nothing (or nothing that works) is being sent, when that is so: what happened, since when, and what to do. */
function StatusNote({ endpoint }: { endpoint: WebhookEndpoint }) {
  const since = formatAdminDateTime(endpoint.failingSince ?? endpoint.pausedAt);
  if (endpoint.status === 'paused' && endpoint.pausedReason === 'failing') {
    return (
      <div
        role="note"
        className="mt-4 flex gap-3 rounded-xl border border-red-600/30 bg-red-50 p-4 text-sm text-red-900 dark:border-red-400/30 dark:bg-red-500/10 dark:text-red-100"
      >
        <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <p>
          <strong>Paused after a day of failures.</strong> Every attempt has failed since {since ?? 'a day ago'}, so we stopped sending and emailed the team.
          Fix the receiver, then resume: the deliveries that waited go out within seconds.
        </p>
      </div>
    );
  }
  if (endpoint.status === 'paused') {
    return (
      <p className="mt-4 text-sm text-muted">
        Paused by staff{endpoint.pausedAt ? ` on ${formatAdminDateTime(endpoint.pausedAt)}` : ''}. Deliveries wait until you resume it, then go out within
        seconds.
      </p>
    );
  }
  if (endpoint.failingSince) {
    return (
      <div
        role="note"
        className="mt-4 flex gap-3 rounded-xl border border-amber-600/30 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-400/30 dark:bg-amber-500/10 dark:text-amber-100"
      >
        <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <p>
          <strong>Failing since {since}.</strong> Every attempt since then has failed; we keep retrying, and pause the endpoint (and email the team) once it has
          failed for a day. The delivery log shows the receiver’s answers.
        </p>
      </div>
    );
  }
  return null;
}

/**
 * One endpoint: where it sends, what, how its deliveries stand, its actions, and, opened, its
 * delivery log. Pause and resume happen here; editing, rotating the secret and deleting open the
 * section's dialogs.
 */
export function WebhookEndpointCard({
  endpoint,
  logOpen,
  onToggleLog,
  logStatus,
  onLogStatusChange,
  onEdit,
  rotateId,
  onRotate,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  logOpen: boolean;
  onToggleLog: () => void;
  logStatus: WebhookDeliveryStatus | null;
  onLogStatusChange: (status: WebhookDeliveryStatus | null) => void;
  onEdit: () => void;
  /** The Rotate secret button's id: the focus comes back to it once the new secret is put away. */
  rotateId: string;
  onRotate: () => void;
  onDelete: () => void;
}) {
  const id = useId();
  const pause = usePauseWebhook();
  const resume = useResumeWebhook();
  const switchOnce = useOneAtATime();
  const paused = endpoint.status === 'paused';
  const switching = pause.isPending || resume.isPending;
  const { delivered, pending, failed } = endpoint.deliveries;

  function pauseOrResume() {
    const callbacks = {
      onSuccess: () =>
        paused
          ? notify.success('Endpoint resumed', 'The deliveries that waited go out within seconds.')
          : notify.success('Endpoint paused', 'Its deliveries wait until you resume it.'),
      onError: (error: Error) => notify.error(paused ? 'Not resumed' : 'Not paused', errorMessage(error)),
    };
    switchOnce((done) => (paused ? resume : pause).mutate(endpoint.id, { ...callbacks, onSettled: done }));
  }

  return (
    <article aria-labelledby={`${id}-url`} className="rounded-2xl border border-border bg-elevated p-5 shadow-sm sm:p-6">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <h3 id={`${id}-url`} className="font-mono text-base font-semibold break-all text-foreground">
            {endpoint.url}
          </h3>
          {endpoint.description ? <p className="mt-1 text-sm wrap-break-word text-muted">{endpoint.description}</p> : null}
        </div>
        <div className="shrink-0">
          <StatusBadge endpoint={endpoint} />
        </div>
      </div>

      <StatusNote endpoint={endpoint} />

      <ul aria-label="Events" className="mt-4 flex flex-wrap gap-2">
        {endpoint.events.map((type) => (
          <li key={type}>
            <Badge tone="info" className="font-mono">
              {type}
            </Badge>
          </li>
        ))}
      </ul>

      <dl className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3 lg:grid-cols-6">
        <Fact label="Delivered">{delivered.toLocaleString('en-US')}</Fact>
        <Fact label="Waiting">{pending.toLocaleString('en-US')}</Fact>
        <Fact label="Failed">{failed > 0 ? <span className="font-semibold text-red-700 dark:text-red-300">{failed.toLocaleString('en-US')}</span> : 0}</Fact>
        <Fact label="Last delivered">{formatAdminDateTime(endpoint.lastDeliveredAt) ?? 'Never'}</Fact>
        <Fact label="Added">{formatAdminDateTime(endpoint.createdAt) ?? '—'}</Fact>
        <Fact label="Secret rotated">{formatAdminDateTime(endpoint.secretRotatedAt) ?? 'Never'}</Fact>
      </dl>

      <div className="mt-5 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" aria-expanded={logOpen} onClick={onToggleLog}>
          {logOpen ? <ChevronDown className="size-4" aria-hidden="true" /> : <ChevronRight className="size-4" aria-hidden="true" />}
          Delivery log
        </Button>
        <Button variant="secondary" size="sm" onClick={onEdit}>
          <Pencil className="size-4" aria-hidden="true" />
          Edit
        </Button>
        <Button id={rotateId} variant="secondary" size="sm" onClick={onRotate}>
          <KeyRound className="size-4" aria-hidden="true" />
          Rotate secret
        </Button>
        <Button variant="secondary" size="sm" onClick={pauseOrResume} disabled={switching}>
          {switching ? <Spinner /> : paused ? <Play className="size-4" aria-hidden="true" /> : <Pause className="size-4" aria-hidden="true" />}
          {paused ? 'Resume' : 'Pause'}
        </Button>
        <Button variant="secondary" size="sm" onClick={onDelete} className="text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-500/15">
          <Trash2 className="size-4" aria-hidden="true" />
          Delete
        </Button>
      </div>

      {logOpen ? <WebhookDeliveries endpoint={endpoint} status={logStatus} onStatusChange={onLogStatusChange} /> : null}
    </article>
  );
}
