import { Copy, Plus } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useDeleteEarlyAccessCode, useEarlyAccessCodes, type EarlyAccessCode } from '../api/early-access';
import { AdminPage } from '@/features/admin/shell/components/admin-page';
import { Badge } from '@/components/ui/badge';
import { IconButton, ListTableBody, TableFrame, Td, Th, Tr } from '@/features/admin/shell/list/data-table';
import { DeleteRowButton, DeleteRowDialog } from '@/features/admin/shell/list/delete-row';
import { FilterSelect, ListToolbar, listSummary, SearchField } from '@/features/admin/shell/list/list-toolbar';
import { copyText } from '@/lib/clipboard';
import { formatAdminDate } from '@/features/admin/shell/lib/format';
import { useErrorToast } from '@/features/admin/shell/lib/use-error-toast';
import { EarlyAccessSwitch } from '../components/early-access-switch';
import { CreateCodeDialog } from '../components/create-early-access-code-dialog';

// /admin/early-access (spec §2 "Early access page", §4 "Early access", §5 "Early access code
// create", §8 "Admin early access and creator codes").

type StatusFilter = 'all' | 'used' | 'unused';

const STATUS_FILTERS: ReadonlyArray<{ value: StatusFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'used', label: 'Used' },
  { value: 'unused', label: 'Unused' },
];

const COLUMNS = 6;

function matches(code: EarlyAccessCode, query: string, status: StatusFilter): boolean {
  if (status === 'used' && !code.isUsed) return false;
  if (status === 'unused' && code.isUsed) return false;
  if (!query) return true;
  return [code.code, code.firstName, code.email].some((value) => value.toLowerCase().includes(query));
}

export default function EarlyAccessPage() {
  const id = useId();
  const codes = useEarlyAccessCodes();
  const remove = useDeleteEarlyAccessCode();
  const [creating, setCreating] = useState(false);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [toDelete, setToDelete] = useState<EarlyAccessCode | null>(null);
  const query = useDeferredValue(search.trim().toLowerCase());

  useErrorToast('Failed to fetch early access codes', codes.error, codes.errorUpdatedAt);

  const all = codes.data;
  const visible = useMemo(() => (all ?? []).filter((code) => matches(code, query, status)), [all, query, status]);
  const usedCount = useMemo(() => (all ?? []).filter((code) => code.isUsed).length, [all]);
  const filtered = query !== '' || status !== 'all';

  async function copy(code: string) {
    try {
      await copyText(code);
      notify.success('Copied', 'Code copied to clipboard');
    } catch {
      notify.error('Copy Failed', 'Could not copy to clipboard.');
    }
  }

  return (
    <AdminPage
      title="Early Access Management"
      description="Open or close early access, and create personal codes for people you invite."
      actions={
        <Button onClick={() => setCreating(true)}>
          <Plus className="size-4" aria-hidden="true" />
          Create Code
        </Button>
      }
    >
      <EarlyAccessSwitch />

      <h2 className="mb-4 text-xl font-bold tracking-tight text-foreground">Codes</h2>
      <ListToolbar summary={listSummary(all, visible.length, filtered, ['code', 'codes'], `${usedCount} used`)}>
        <SearchField id={`${id}-search`} label="Search" placeholder="Code, first name or email" value={search} onChange={setSearch} />
        <FilterSelect id={`${id}-status`} label="Status" className="sm:w-44" value={status} onChange={(value) => setStatus(value as StatusFilter)}>
          {STATUS_FILTERS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </FilterSelect>
      </ListToolbar>

      <TableFrame label="Early access codes" busy={codes.isFetching}>
        <thead>
          <tr>
            <Th>Code</Th>
            <Th>First Name</Th>
            <Th>Status</Th>
            <Th>Created</Th>
            <Th>Used At</Th>
            <Th className="text-right">Actions</Th>
          </tr>
        </thead>
        <ListTableBody
          columns={COLUMNS}
          query={codes}
          rows={visible}
          filtered={filtered}
          noun="codes"
          empty={{ title: 'No early access codes yet', hint: 'Create the first one with ‘Create Code’.' }}
          noMatch={{ title: 'No codes match your search', hint: 'Try another search or status.' }}
        >
          {(code) => (
            <Tr key={code.id}>
              <Td label="Code" className="font-mono font-semibold tracking-wider whitespace-nowrap">
                {code.code}
              </Td>
              <Td label="First Name">
                <div className="font-medium">{code.firstName}</div>
                <div className="text-xs text-muted md:break-all">{code.email}</div>
              </Td>
              <Td label="Status">{code.isUsed ? <Badge tone="neutral">Used</Badge> : <Badge tone="success">Available</Badge>}</Td>
              <Td label="Created" className="whitespace-nowrap text-muted">
                {formatAdminDate(code.createdAt) ?? '—'}
              </Td>
              <Td label="Used At" className="whitespace-nowrap text-muted">
                {formatAdminDate(code.usedAt) ?? (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">Not used</span>
                  </>
                )}
              </Td>
              <Td actions className="text-right whitespace-nowrap">
                <IconButton label={`Copy code ${code.code}`} text="Copy" onClick={() => void copy(code.code)}>
                  <Copy className="size-4" aria-hidden="true" />
                </IconButton>
                <DeleteRowButton
                  label={`Delete code ${code.code}`}
                  note={code.isUsed ? 'A used code cannot be deleted' : undefined}
                  disabled={code.isUsed}
                  onClick={() => setToDelete(code)}
                />
              </Td>
            </Tr>
          )}
        </ListTableBody>
      </TableFrame>

      <CreateCodeDialog open={creating} onOpenChange={setCreating} />
      <DeleteRowDialog
        row={toDelete}
        onClose={() => setToDelete(null)}
        remove={remove}
        title="Delete this code?"
        description={(target) => (
          <>
            The code <span className="font-mono font-semibold text-foreground">{target.code}</span> for {target.firstName} will stop working. This action cannot
            be undone.
          </>
        )}
        onDeleted={(target) => notify.success('Code deleted', `${target.code} was deleted.`)}
        onFailed={(error) => notify.error('Failed to delete early access code', errorMessage(error))}
      />
    </AdminPage>
  );
}
