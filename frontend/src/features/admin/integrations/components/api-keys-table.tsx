import { X } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { IconButton, ListTableBody, TableFrame, Td, Th, Tr } from '@/features/admin/shell/list/data-table';
import { formatAdminDateTime } from '@/features/admin/shell/lib/format';
import { useOneAtATime } from '@/features/admin/shell/lib/use-one-at-a-time';
import { SCOPES, useApiKeys, useRevokeApiKey, type ApiKey } from '../api/api-keys';

const COLUMNS = 7;

const scopeLabel = (scope: ApiKey['scopes'][number]) => SCOPES.find((one) => one.scope === scope)?.label ?? scope;

/** The keys, revoked ones too, newest first; a working key can be revoked after a confirmation. */
export function ApiKeysTable() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const revokeOnce = useOneAtATime();
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  function confirmRevoke() {
    if (!revoking) return;
    const key = revoking;
    revokeOnce((done) =>
      revoke.mutate(key.id, {
        onSuccess: () => notify.success('API key revoked', `“${key.name}” no longer works.`),
        onError: (error) => notify.error('API key not revoked', errorMessage(error)),
        onSettled: () => {
          setRevoking(null);
          done();
        },
      }),
    );
  }

  return (
    <>
      <TableFrame label="API keys" busy={keys.isFetching}>
        <thead>
          <tr>
            <Th>Name</Th>
            <Th>Scopes</Th>
            <Th>Key</Th>
            <Th>Created</Th>
            <Th>Last used</Th>
            <Th>Status</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </tr>
        </thead>
        <ListTableBody
          columns={COLUMNS}
          query={keys}
          rows={keys.data ?? []}
          noun="API keys"
          empty={{ title: 'No API keys yet', hint: 'Create one to let another system read or add the waitlist’s members.' }}
        >
          {(key) => (
            <Tr key={key.id}>
              <Td label="Name" className="font-medium md:break-all">
                {key.name}
              </Td>
              <Td label="Scopes">
                <span className="flex flex-wrap gap-1.5">
                  {key.scopes.map((scope) => (
                    <Badge key={scope} tone="info">
                      {scopeLabel(scope)}
                    </Badge>
                  ))}
                </span>
              </Td>
              <Td label="Key">
                <code className="font-mono text-xs break-all text-muted">{key.prefix}…</code>
              </Td>
              <Td label="Created">
                <span className="whitespace-nowrap">{formatAdminDateTime(key.createdAt) ?? '—'}</span>
                {key.createdBy ? <span className="block text-xs text-muted md:break-all">by {key.createdBy}</span> : null}
              </Td>
              <Td label="Last used" className="whitespace-nowrap text-muted">
                {key.lastUsedAt ? <time dateTime={key.lastUsedAt}>{formatAdminDateTime(key.lastUsedAt)}</time> : 'Never'}
              </Td>
              <Td label="Status">{key.revokedAt ? <Badge tone="neutral">Revoked</Badge> : <Badge tone="success">Active</Badge>}</Td>
              <Td actions className="text-right whitespace-nowrap">
                {key.revokedAt ? null : (
                  <IconButton label={`Revoke the API key ${key.name}`} text="Revoke" tone="danger" onClick={() => setRevoking(key)}>
                    <X className="size-4" aria-hidden="true" />
                  </IconButton>
                )}
              </Td>
            </Tr>
          )}
        </ListTableBody>
      </TableFrame>

      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open && !revoke.isPending) setRevoking(null);
        }}
        title={revoking ? `Revoke the API key “${revoking.name}”?` : ''}
        description="Whatever uses it is refused from its next request. This can’t be undone: make a new key if you need one again."
        confirmLabel="Revoke"
        busy={revoke.isPending}
        onConfirm={confirmRevoke}
      />
    </>
  );
}
