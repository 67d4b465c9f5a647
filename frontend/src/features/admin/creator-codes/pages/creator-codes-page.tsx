import { Pencil, Plus } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useCreatorCodes, useDeleteCreatorCode, type CreatorCode } from '../api/creator-codes';
import { AdminPage } from '@/features/admin/shell/components/admin-page';
import { IconButton, ListTableBody, TableFrame, Td, Th, Tr } from '@/features/admin/shell/list/data-table';
import { DeleteRowButton, DeleteRowDialog } from '@/features/admin/shell/list/delete-row';
import { FilterSelect, ListToolbar, listSummary, SearchField } from '@/features/admin/shell/list/list-toolbar';
import { CREATOR_PLATFORMS, type CreatorPlatform, type CreatorStatus } from '../lib/creator-code';
import { formatAdminDate } from '@/features/admin/shell/lib/format';
import { useErrorToast } from '@/features/admin/shell/lib/use-error-toast';
import { CreatorCodeDialog } from '../components/creator-code-dialog';
import { StatusSwitch } from '../components/creator-code-status-switch';

// /admin/creator-codes (spec §2 "Creator codes page", §4 "Creator code", §5 "Creator code",
// §8 "Admin early access and creator codes").

type StatusFilter = 'all' | CreatorStatus;
type PlatformFilter = 'all' | CreatorPlatform;

const COLUMNS = 9;

function matches(code: CreatorCode, query: string, platform: PlatformFilter, status: StatusFilter): boolean {
  if (platform !== 'all' && code.platform !== platform) return false;
  if (status !== 'all' && code.status !== status) return false;
  if (!query) return true;
  return [code.code, code.handle, code.influencerName, code.campaign, code.notes].some((value) => value != null && value.toLowerCase().includes(query));
}

export default function CreatorCodesPage() {
  const id = useId();
  const codes = useCreatorCodes();
  const remove = useDeleteCreatorCode();
  const [dialog, setDialog] = useState<{ open: boolean; editing: CreatorCode | null; key: number }>({
    open: false,
    editing: null,
    key: 0,
  });
  const [search, setSearch] = useState('');
  const [platform, setPlatform] = useState<PlatformFilter>('all');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [toDelete, setToDelete] = useState<CreatorCode | null>(null);
  const query = useDeferredValue(search.trim().toLowerCase());

  useErrorToast('Failed to fetch creator codes', codes.error, codes.errorUpdatedAt);

  const all = codes.data;
  const visible = useMemo(() => (all ?? []).filter((code) => matches(code, query, platform, status)), [all, query, platform, status]);
  const filtered = query !== '' || platform !== 'all' || status !== 'all';
  const activeCount = useMemo(() => (all ?? []).filter((code) => code.status === 'active').length, [all]);

  const openDialog = (editing: CreatorCode | null) => setDialog((current) => ({ open: true, editing, key: current.key + 1 }));

  return (
    <AdminPage
      title="Creator Codes"
      description="Promo codes for creators and influencers. Switch a code off to stop it from working."
      actions={
        <Button onClick={() => openDialog(null)}>
          <Plus className="size-4" aria-hidden="true" />
          Create Code
        </Button>
      }
    >
      <ListToolbar summary={listSummary(all, visible.length, filtered, ['code', 'codes'], `${activeCount} active`)}>
        <SearchField id={`${id}-search`} label="Search" placeholder="Code, handle or campaign" value={search} onChange={setSearch} />
        <FilterSelect id={`${id}-platform`} label="Platform" className="sm:w-44" value={platform} onChange={(value) => setPlatform(value as PlatformFilter)}>
          <option value="all">All platforms</option>
          {CREATOR_PLATFORMS.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect id={`${id}-status`} label="Status" className="sm:w-40" value={status} onChange={(value) => setStatus(value as StatusFilter)}>
          <option value="all">All</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </FilterSelect>
      </ListToolbar>

      <TableFrame label="Creator codes" busy={codes.isFetching}>
        <thead>
          <tr>
            <Th>Code</Th>
            <Th>Influencer</Th>
            <Th>Handle</Th>
            <Th>Platform</Th>
            <Th>Campaign</Th>
            <Th>Status</Th>
            <Th className="text-right">Usage</Th>
            <Th>Created</Th>
            <Th className="text-right">Actions</Th>
          </tr>
        </thead>
        <ListTableBody
          columns={COLUMNS}
          query={codes}
          rows={visible}
          filtered={filtered}
          noun="creator codes"
          empty={{ title: 'No creator codes yet', hint: 'Create the first one with ‘Create Code’.' }}
          noMatch={{ title: 'No codes match your filters', hint: 'Try another search, platform or status.' }}
        >
          {(code) => (
            <Tr key={code.id}>
              <Td label="Code" className="font-mono font-semibold tracking-wider whitespace-nowrap">
                {code.code}
              </Td>
              <Td label="Influencer">{code.influencerName ?? <span className="text-muted">—</span>}</Td>
              <Td label="Handle" className="md:break-all">
                {code.handle}
              </Td>
              <Td label="Platform" className="whitespace-nowrap">
                {code.platform}
              </Td>
              <Td label="Campaign">{code.campaign ?? <span className="text-muted">—</span>}</Td>
              <Td label="Status">
                <StatusSwitch code={code} />
              </Td>
              <Td label="Usage" className="text-right tabular-nums">
                {code.usageCount.toLocaleString('en-US')}
              </Td>
              <Td label="Created" className="whitespace-nowrap text-muted">
                {formatAdminDate(code.createdAt) ?? '—'}
              </Td>
              <Td actions className="text-right whitespace-nowrap">
                <IconButton label={`Edit code ${code.code}`} text="Edit" onClick={() => openDialog(code)}>
                  <Pencil className="size-4" aria-hidden="true" />
                </IconButton>
                <DeleteRowButton label={`Delete code ${code.code}`} onClick={() => setToDelete(code)} />
              </Td>
            </Tr>
          )}
        </ListTableBody>
      </TableFrame>

      {dialog.key > 0 ? (
        <CreatorCodeDialog
          key={dialog.key}
          open={dialog.open}
          editing={dialog.editing}
          onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        />
      ) : null}
      <DeleteRowDialog
        row={toDelete}
        onClose={() => setToDelete(null)}
        remove={remove}
        title="Delete this creator code?"
        description={(target) => (
          <>
            The code <span className="font-mono font-semibold text-foreground">{target.code}</span> ({target.handle}) will stop working. This action cannot be
            undone.
          </>
        )}
        onDeleted={(target) => notify.success('Creator code deleted', `${target.code} was deleted.`)}
        onFailed={(error) => notify.error('Failed to delete creator code', errorMessage(error))}
      />
    </AdminPage>
  );
}
