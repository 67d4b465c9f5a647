import { ChevronDown, RefreshCw } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/form-controls';
import { AdminPage } from '@/features/admin/shell/components/admin-page';
import { ListTableBody, TableFrame, Td, Th, Tr } from '@/features/admin/shell/list/data-table';
import { FilterSelect, ListToolbar } from '@/features/admin/shell/list/list-toolbar';
import { formatAdminDateTime } from '@/features/admin/shell/lib/format';
import { useErrorToast } from '@/features/admin/shell/lib/use-error-toast';
import { useAuditActions, useAuditActors, useAuditLog, type AuditEntry } from '../api/audit';

// /admin/audit: what staff did, newest first, narrowed to a staff member (?actor=, their id) and
// an action (?action=). The filters are in the address, so a reload or a shared link keeps them;
// further entries come with Load more (the log pages by a cursor, not by page numbers).

const COLUMNS = 4;
const ALL = '';

function who(entry: AuditEntry): string {
  if (entry.actorName) return entry.actorName;
  if (entry.actorType === 'api-key') return 'A removed API key';
  return entry.actorId ? 'A removed staff account' : 'The platform';
}

function Target({ target }: { target: AuditEntry['target'] }) {
  if (!target) return <span className="text-muted">—</span>;
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-2">
      <span className="font-medium capitalize">{target.type.replaceAll('_', ' ')}</span>
      <code className="font-mono text-xs break-all text-muted">{target.id}</code>
    </span>
  );
}

export default function AuditLogPage() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const actor = params.get('actor') || null;
  const action = params.get('action') || null;
  const log = useAuditLog({ actor, action });
  const actions = useAuditActions();
  const actors = useAuditActors();

  useErrorToast('Failed to fetch the audit log', log.error, log.errorUpdatedAt);

  /** A filter's change is a step in the history: Back undoes it. */
  function setFilter(key: 'actor' | 'action', value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  }

  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  const filtered = actor !== null || action !== null;
  // An address may name an account or an action the lists no longer hold: it is still offered, so the select shows it.
  const actorOptions = actors.data ?? [];
  // An API key's id too: its entries name it.
  const actorInAddress = actor && !actorOptions.some((one) => one.id === actor) ? actor : null;
  const entryOfActorInAddress = actorInAddress ? entries.find((entry) => entry.actorId === actorInAddress) : undefined;
  const actorInAddressName = entryOfActorInAddress ? who(entryOfActorInAddress) : 'A removed staff account';
  const actionOptions = actions.data ?? [];
  const actionInAddress = action && !actionOptions.some((one) => one.action === action) ? action : null;

  return (
    <AdminPage
      title="Audit Log"
      description="What staff did in the admin, and other systems through API keys, newest first. Narrow it to a staff member or an action."
      actions={
        <Button variant="secondary" onClick={() => void log.refetch()} disabled={log.isFetching}>
          {log.isFetching && !log.isFetchingNextPage ? <Spinner /> : <RefreshCw className="size-4" aria-hidden="true" />}
          Refresh
        </Button>
      }
    >
      <ListToolbar
        summary={log.data ? (entries.length === 0 ? null : `Showing the newest ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}`) : null}
      >
        <FilterSelect id={`${id}-actor`} label="Staff member" className="sm:w-72" value={actor ?? ALL} onChange={(value) => setFilter('actor', value)}>
          <option value={ALL}>Everyone</option>
          {actorOptions.map((one) => (
            <option key={one.id} value={one.id}>
              {one.email}
            </option>
          ))}
          {actorInAddress ? <option value={actorInAddress}>{actorInAddressName}</option> : null}
        </FilterSelect>
        <FilterSelect id={`${id}-action`} label="Action" className="sm:w-72" value={action ?? ALL} onChange={(value) => setFilter('action', value)}>
          <option value={ALL}>All actions</option>
          {actionOptions.map((one) => (
            <option key={one.action} value={one.action}>
              {one.label}
            </option>
          ))}
          {actionInAddress ? <option value={actionInAddress}>{actionInAddress}</option> : null}
        </FilterSelect>
      </ListToolbar>

      <TableFrame label="Audit log" busy={log.isFetching}>
        <thead>
          <tr>
            <Th>When</Th>
            <Th>Who</Th>
            <Th>What</Th>
            <Th>Target</Th>
          </tr>
        </thead>
        <ListTableBody
          columns={COLUMNS}
          query={log}
          rows={entries}
          filtered={filtered}
          noun="audit log"
          empty={{ title: 'Nothing logged yet', hint: 'Staff actions show here as they happen.' }}
          noMatch={{ title: 'No entries match', hint: 'Try another staff member or action, or clear the filters.' }}
        >
          {(entry) => (
            <Tr key={entry.id}>
              <Td label="When" className="whitespace-nowrap text-muted">
                <time dateTime={entry.at}>{formatAdminDateTime(entry.at) ?? entry.at}</time>
              </Td>
              <Td label="Who" className="md:break-all">
                {who(entry)}
              </Td>
              <Td label="What">
                {entry.label}
                {entry.reason ? <span className="mt-0.5 block text-sm break-words text-muted">Reason: {entry.reason}</span> : null}
              </Td>
              <Td label="Target">
                <Target target={entry.target} />
              </Td>
            </Tr>
          )}
        </ListTableBody>
      </TableFrame>

      {log.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
            {log.isFetchingNextPage ? <Spinner /> : <ChevronDown className="size-4" aria-hidden="true" />}
            {log.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      ) : log.data && entries.length > 0 ? (
        <p className="mt-4 text-center text-sm text-muted">That is the whole log{filtered ? ' for these filters' : ''}.</p>
      ) : null}
    </AdminPage>
  );
}
