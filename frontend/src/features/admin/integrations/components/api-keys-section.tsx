import { KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useErrorToast } from '@/features/admin/shell/lib/use-error-toast';
import { useApiKeys, type CreatedApiKey } from '../api/api-keys';
import { ApiKeysTable } from './api-keys-table';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { NewApiKeyPanel } from './new-api-key-panel';

/**
 * The integrations page's API keys: the keys, making one (its key shown once, in a panel above
 * the table, until Done) and revoking one.
 */
export function ApiKeysSection() {
  const createId = useId();
  const keys = useApiKeys();
  // A new key each time the dialog opens: it starts empty.
  const [dialog, setDialog] = useState({ open: false, key: 0 });
  const [created, setCreated] = useState<(CreatedApiKey & { name: string }) | null>(null);

  useErrorToast('Failed to fetch the API keys', keys.error, keys.errorUpdatedAt);

  /** The panel goes; the focus, which was in it, goes back to where a next key is made. */
  function done() {
    setCreated(null);
    document.getElementById(createId)?.focus();
  }

  return (
    // Unnamed: the table's region carries the name.
    <section>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 className="text-xl font-semibold text-foreground">API keys</h2>
          <p className="mt-1 max-w-2xl text-sm text-pretty text-muted">
            Other systems send a key as <code className="font-mono text-xs">Authorization: Bearer …</code> to read or add members at{' '}
            <code className="font-mono text-xs break-all">/api/v1/members</code>. Each use shows in the audit log.
          </p>
        </div>
        <Button id={createId} className="shrink-0" onClick={() => setDialog((current) => ({ open: true, key: current.key + 1 }))}>
          <KeyRound className="size-4" aria-hidden="true" />
          Create API key
        </Button>
      </div>
      {created ? <NewApiKeyPanel key={created.id} name={created.name} apiKey={created.key} onDone={done} /> : null}
      <ApiKeysTable />
      <CreateApiKeyDialog key={dialog.key} open={dialog.open} onOpenChange={(open) => setDialog((current) => ({ ...current, open }))} onCreated={setCreated} />
    </section>
  );
}
