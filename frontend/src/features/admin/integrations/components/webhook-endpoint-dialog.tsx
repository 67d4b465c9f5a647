import { Plus, Save } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldShell, FormError, Spinner, TextInput } from '@/components/ui/form-controls';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useOneAtATime } from '@/features/admin/shell/lib/use-one-at-a-time';
import { useCreateWebhook, useUpdateWebhook, type WebhookEndpoint, type WebhookEventType } from '../api/webhooks';
import { WEBHOOK_EVENTS } from '../lib/webhook-events';
import type { ShownSecret } from './webhook-secret-panel';

/**
 * Adds an endpoint (its secret goes to `onCreated`, to be shown once) or, given `endpoint`,
 * changes its URL, description and events. The server's refusal (a URL it won't send to) shows
 * under the form, which keeps what was typed.
 */
export function WebhookEndpointDialog({
  open,
  onOpenChange,
  endpoint,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The endpoint to change; none to add one. */
  endpoint?: WebhookEndpoint;
  onCreated?: (shown: ShownSecret) => void;
}) {
  const id = useId();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const oneAtATime = useOneAtATime();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.events ?? []);
  const [problem, setProblem] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;
  const title = endpoint ? 'Edit endpoint' : 'Add endpoint';

  function toggle(type: WebhookEventType, checked: boolean) {
    setEvents((current) => (checked ? [...current, type] : current.filter((one) => one !== type)));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (events.length === 0) return setProblem('Choose at least one event to send.');
    setProblem(null);
    // In the form's order, whatever order they were ticked in.
    const input = {
      url: url.trim(),
      description: description.trim() || null,
      events: WEBHOOK_EVENTS.map((one) => one.type).filter((type) => events.includes(type)),
    };
    // Saved: the guard stays taken while the dialog closes (a double click's second click can reach
    // the form after the answer on a busy machine); the next change opens a new dialog.
    oneAtATime((done) => {
      const onError = (error: Error) => {
        setProblem(errorMessage(error));
        done();
      };
      if (endpoint) {
        update.mutate(
          { id: endpoint.id, change: input },
          {
            onSuccess: (saved) => {
              notify.success('Endpoint saved', `Deliveries go to ${saved.url}.`);
              onOpenChange(false);
            },
            onError,
          },
        );
      } else {
        create.mutate(input, {
          onSuccess: (created) => {
            onCreated?.({ endpointId: created.id, url: input.url, secret: created.secret, rotated: false });
            onOpenChange(false);
          },
          onError,
        });
      }
    });
  }

  const errorId = `${id}-error`;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && pending) return;
        onOpenChange(next);
      }}
      title={title}
      description="Where to send member events, and which ones. Every delivery is signed with the endpoint’s secret."
      size="lg"
    >
      <form onSubmit={submit} aria-label={title} aria-busy={pending} className="space-y-5">
        <FieldShell id={`${id}-url`} label="URL" required hint="An https address your receiver answers at, such as https://hooks.example.com/swishly.">
          <TextInput
            id={`${id}-url`}
            name="url"
            type="url"
            required
            autoComplete="off"
            inputMode="url"
            spellCheck={false}
            maxLength={2048}
            placeholder="https://"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            aria-describedby={`${id}-url-hint ${errorId}`}
          />
        </FieldShell>
        <FieldShell id={`${id}-description`} label="Description" optional hint="What it is for, for the team (“CRM sync”).">
          <TextInput
            id={`${id}-description`}
            name="description"
            autoComplete="off"
            maxLength={200}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            aria-describedby={`${id}-description-hint`}
          />
        </FieldShell>
        <fieldset aria-describedby={errorId}>
          <legend className="mb-1.5 block text-sm font-medium text-foreground">
            Events
            <span aria-hidden="true" className="text-brand">
              {' '}
              *
            </span>
          </legend>
          <div className="grid gap-2">
            {WEBHOOK_EVENTS.map(({ type, description: meaning }) => (
              <label
                key={type}
                className="flex cursor-pointer items-start gap-3 rounded-xl border border-border p-3 has-checked:border-brand-solid has-checked:bg-brand-soft has-focus-visible:outline-2 has-focus-visible:outline-ring"
              >
                <input
                  type="checkbox"
                  name="events"
                  value={type}
                  checked={events.includes(type)}
                  onChange={(event) => toggle(type, event.target.checked)}
                  className="mt-1 size-4 shrink-0 accent-(--brand-solid) focus-visible:outline-none"
                />
                <span className="min-w-0">
                  <span className="block font-mono text-sm font-semibold text-foreground">{type}</span>
                  <span className="block text-sm text-muted">{meaning}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <FormError id={errorId} message={problem} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner /> : endpoint ? <Save className="size-4" aria-hidden="true" /> : <Plus className="size-4" aria-hidden="true" />}
            {pending ? 'Saving…' : endpoint ? 'Save changes' : 'Add endpoint'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
