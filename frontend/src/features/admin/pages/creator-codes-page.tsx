import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import {
  useCreateCreatorCode,
  useCreatorCodes,
  useDeleteCreatorCode,
  useUpdateCreatorCode,
  type CreatorCode,
  type CreatorCodeInput,
} from '../api/creator-codes';
import { AdminDialog } from '../components/admin-dialog';
import { AdminPage } from '../components/admin-page';
import { AdminSwitch } from '../components/admin-switch';
import { ConfirmDialog } from '../components/confirm-dialog';
import { IconButton, TableEmpty, TableFrame, TableLoadError, TableLoading, Td, Th } from '../components/data-table';
import { FieldShell, labelClasses, Select, Spinner, TextArea, TextInput } from '../components/form-controls';
import { ListToolbar, SearchField } from '../components/list-toolbar';
import {
  CREATOR_PLATFORMS,
  DEFAULT_CREATOR_PLATFORM,
  isCreatorPlatform,
  optionalText,
  suggestCreatorCode,
  type CreatorPlatform,
  type CreatorStatus,
} from '../lib/creator-code';
import { formatAdminDate, normalizeCode } from '../lib/format';
import { useErrorToast } from '../lib/use-error-toast';

// /admin/creator-codes (spec §2 "Creator codes page", §4 "Creator code", §5 "Creator code",
// §8 "Admin early access and creator codes").

type StatusFilter = 'all' | CreatorStatus;
type PlatformFilter = 'all' | CreatorPlatform;

const COLUMNS = 9;

interface CodeForm {
  code: string;
  handle: string;
  influencerName: string;
  platform: CreatorPlatform;
  campaign: string;
  notes: string;
}

const EMPTY_FORM: CodeForm = {
  code: '',
  handle: '',
  influencerName: '',
  platform: DEFAULT_CREATOR_PLATFORM,
  campaign: '',
  notes: '',
};

function formOf(code: CreatorCode): CodeForm {
  return {
    code: code.code,
    handle: code.handle,
    influencerName: code.influencerName ?? '',
    platform: code.platform,
    campaign: code.campaign ?? '',
    notes: code.notes ?? '',
  };
}

function inputOf(form: CodeForm): CreatorCodeInput {
  return {
    code: normalizeCode(form.code),
    handle: form.handle.trim(),
    influencerName: optionalText(form.influencerName),
    platform: form.platform,
    campaign: optionalText(form.campaign),
    notes: optionalText(form.notes),
  };
}

function matches(code: CreatorCode, query: string, platform: PlatformFilter, status: StatusFilter): boolean {
  if (platform !== 'all' && code.platform !== platform) return false;
  if (status !== 'all' && code.status !== status) return false;
  if (!query) return true;
  return [code.code, code.handle, code.influencerName, code.campaign, code.notes].some(
    (value) => value != null && value.toLowerCase().includes(query),
  );
}

/**
 * The create and edit form. The code follows the suggestion from the influencer's name
 * (spec §5) for as long as the code field is empty or still holds the last suggestion, i.e.
 * until the admin types a code of their own.
 */
function CreatorCodeDialog({
  open,
  editing,
  onOpenChange,
}: {
  open: boolean;
  /** The code being edited, or null to create one. */
  editing: CreatorCode | null;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const create = useCreateCreatorCode();
  const update = useUpdateCreatorCode();
  const mutation = editing ? update : create;
  const [form, setForm] = useState<CodeForm>(() => (editing ? formOf(editing) : EMPTY_FORM));
  const [autoCode, setAutoCode] = useState(() => !editing);

  const set = <K extends keyof CodeForm>(name: K, value: CodeForm[K]) =>
    setForm((current) => ({ ...current, [name]: value }));

  function changeName(value: string) {
    const follow = autoCode || form.code === '';
    setForm((current) => ({ ...current, influencerName: value, code: follow ? suggestCreatorCode(value) : current.code }));
    if (follow) setAutoCode(true);
  }

  function changeCode(value: string) {
    const code = normalizeCode(value);
    set('code', code);
    // Emptying the field hands it back to the suggestion.
    setAutoCode(code === '');
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    const input = inputOf(form);
    if (editing) {
      update.mutate(
        { id: editing.id, patch: input },
        {
          onSuccess: (saved) => {
            notify.success('Creator code updated', `${saved.code} was saved.`);
            onOpenChange(false);
          },
          onError: (error) => notify.error('Failed to update creator code', errorMessage(error)),
        },
      );
    } else {
      create.mutate(input, {
        onSuccess: (saved) => {
          notify.success('Creator code created', `${saved.code} is active.`);
          onOpenChange(false);
        },
        onError: (error) => notify.error('Failed to create creator code', errorMessage(error)),
      });
    }
  }

  return (
    <AdminDialog
      open={open}
      onOpenChange={(next) => {
        if (!next && mutation.isPending) return;
        onOpenChange(next);
      }}
      title={editing ? 'Edit Creator Code' : 'Create Creator Code'}
      description="The promo code and the social handle are required."
      size="lg"
    >
      <form
        onSubmit={submit}
        aria-label={editing ? 'Edit creator code' : 'Create creator code'}
        aria-busy={mutation.isPending}
        className="grid gap-5 sm:grid-cols-2"
      >
        <FieldShell id={`${id}-name`} label="Influencer name" optional>
          <TextInput
            id={`${id}-name`}
            name="influencerName"
            maxLength={100}
            autoComplete="off"
            value={form.influencerName}
            onChange={(event) => changeName(event.target.value)}
          />
        </FieldShell>
        <FieldShell id={`${id}-handle`} label="Social handle" required>
          <TextInput
            id={`${id}-handle`}
            name="handle"
            required
            maxLength={100}
            autoComplete="off"
            spellCheck={false}
            placeholder="@handle"
            value={form.handle}
            onChange={(event) => set('handle', event.target.value)}
          />
        </FieldShell>
        <FieldShell id={`${id}-platform`} label="Platform" required>
          <Select
            id={`${id}-platform`}
            name="platform"
            required
            value={form.platform}
            onChange={(event) => {
              if (isCreatorPlatform(event.target.value)) set('platform', event.target.value);
            }}
          >
            {CREATOR_PLATFORMS.map((platform) => (
              <option key={platform} value={platform}>
                {platform}
              </option>
            ))}
          </Select>
        </FieldShell>
        <FieldShell
          id={`${id}-code`}
          label="Promo code"
          required
          hint={autoCode && form.code ? 'Suggested from the influencer name; type to change it.' : 'Upper case letters and digits.'}
        >
          <TextInput
            id={`${id}-code`}
            name="code"
            required
            maxLength={32}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-describedby={`${id}-code-hint`}
            value={form.code}
            onChange={(event) => changeCode(event.target.value)}
            className="font-mono tracking-wider uppercase"
          />
        </FieldShell>
        <FieldShell id={`${id}-campaign`} label="Campaign" optional className="sm:col-span-2">
          <TextInput
            id={`${id}-campaign`}
            name="campaign"
            maxLength={100}
            autoComplete="off"
            value={form.campaign}
            onChange={(event) => set('campaign', event.target.value)}
          />
        </FieldShell>
        <FieldShell id={`${id}-notes`} label="Notes" optional className="sm:col-span-2">
          <TextArea
            id={`${id}-notes`}
            name="notes"
            rows={3}
            maxLength={1000}
            value={form.notes}
            onChange={(event) => set('notes', event.target.value)}
          />
        </FieldShell>
        <div className="flex flex-col-reverse gap-3 pt-1 sm:col-span-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? <Spinner /> : editing ? <Pencil className="size-4" aria-hidden="true" /> : <Plus className="size-4" aria-hidden="true" />}
            {mutation.isPending ? 'Saving...' : editing ? 'Save Changes' : 'Create Code'}
          </Button>
        </div>
      </form>
    </AdminDialog>
  );
}

function StatusSwitch({ code }: { code: CreatorCode }) {
  const update = useUpdateCreatorCode();
  const active = update.isPending ? update.variables?.patch.status === 'active' : code.status === 'active';

  function toggle(next: boolean) {
    const status: CreatorStatus = next ? 'active' : 'inactive';
    update.mutate(
      { id: code.id, patch: { status } },
      {
        onSuccess: (saved) =>
          notify.success(saved.status === 'active' ? 'Code activated' : 'Code deactivated', `${saved.code} is now ${saved.status}.`),
        onError: (error) => notify.error('Failed to update code status', errorMessage(error)),
      },
    );
  }

  return (
    <div className="flex items-center gap-2">
      <AdminSwitch
        aria-label={`${code.code} active`}
        checked={active}
        disabled={update.isPending}
        onCheckedChange={toggle}
      />
      <span aria-hidden="true" className="text-xs font-medium text-muted capitalize">
        {active ? 'active' : 'inactive'}
      </span>
    </div>
  );
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
  const visible = useMemo(
    () => (all ?? []).filter((code) => matches(code, query, platform, status)),
    [all, query, platform, status],
  );
  const filtered = query !== '' || platform !== 'all' || status !== 'all';
  const activeCount = useMemo(() => (all ?? []).filter((code) => code.status === 'active').length, [all]);

  const openDialog = (editing: CreatorCode | null) =>
    setDialog((current) => ({ open: true, editing, key: current.key + 1 }));

  function confirmDelete() {
    if (!toDelete) return;
    const target = toDelete;
    remove.mutate(target.id, {
      onSuccess: () => {
        notify.success('Creator code deleted', `${target.code} was deleted.`);
        setToDelete(null);
      },
      onError: (error) => {
        notify.error('Failed to delete creator code', errorMessage(error));
        setToDelete(null);
      },
    });
  }

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
      <ListToolbar
        summary={
          all
            ? filtered
              ? `Showing ${visible.length} of ${all.length} codes`
              : `${all.length} ${all.length === 1 ? 'code' : 'codes'}, ${activeCount} active`
            : null
        }
      >
        <SearchField
          id={`${id}-search`}
          label="Search"
          placeholder="Code, handle, influencer or campaign"
          value={search}
          onChange={setSearch}
        />
        <div className="sm:w-44">
          <label htmlFor={`${id}-platform`} className={labelClasses}>
            Platform
          </label>
          <Select id={`${id}-platform`} value={platform} onChange={(event) => setPlatform(event.target.value as PlatformFilter)}>
            <option value="all">All platforms</option>
            {CREATOR_PLATFORMS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </Select>
        </div>
        <div className="sm:w-40">
          <label htmlFor={`${id}-status`} className={labelClasses}>
            Status
          </label>
          <Select id={`${id}-status`} value={status} onChange={(event) => setStatus(event.target.value as StatusFilter)}>
            <option value="all">All</option>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </Select>
        </div>
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
        <tbody>
          {codes.isPending ? (
            <TableLoading colSpan={COLUMNS} label="Loading creator codes" />
          ) : codes.isError && !all ? (
            <TableLoadError colSpan={COLUMNS} message="The creator codes could not be loaded." onRetry={() => void codes.refetch()} />
          ) : visible.length === 0 ? (
            filtered ? (
              <TableEmpty colSpan={COLUMNS} title="No codes match your filters">
                Try another search, platform or status.
              </TableEmpty>
            ) : (
              <TableEmpty colSpan={COLUMNS} title="No creator codes yet">
                Create the first one with ‘Create Code’.
              </TableEmpty>
            )
          ) : (
            visible.map((code) => (
              <tr key={code.id} className="hover:bg-surface/60">
                <Td className="font-mono font-semibold tracking-wider whitespace-nowrap">{code.code}</Td>
                <Td>{code.influencerName ?? <span className="text-muted">—</span>}</Td>
                <Td className="break-all">{code.handle}</Td>
                <Td className="whitespace-nowrap">{code.platform}</Td>
                <Td>{code.campaign ?? <span className="text-muted">—</span>}</Td>
                <Td>
                  <StatusSwitch code={code} />
                </Td>
                <Td className="text-right tabular-nums">{code.usageCount.toLocaleString('en-US')}</Td>
                <Td className="whitespace-nowrap text-muted">{formatAdminDate(code.createdAt) ?? '—'}</Td>
                <Td className="text-right whitespace-nowrap">
                  <IconButton label={`Edit code ${code.code}`} onClick={() => openDialog(code)}>
                    <Pencil className="size-4" aria-hidden="true" />
                  </IconButton>
                  <IconButton label={`Delete code ${code.code}`} tone="danger" onClick={() => setToDelete(code)}>
                    <Trash2 className="size-4" aria-hidden="true" />
                  </IconButton>
                </Td>
              </tr>
            ))
          )}
        </tbody>
      </TableFrame>

      {dialog.key > 0 ? (
        <CreatorCodeDialog
          key={dialog.key}
          open={dialog.open}
          editing={dialog.editing}
          onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        />
      ) : null}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setToDelete(null);
        }}
        title="Delete this creator code?"
        description={
          toDelete ? (
            <>
              The code <span className="font-mono font-semibold text-foreground">{toDelete.code}</span> ({toDelete.handle}) will stop
              working. This action cannot be undone.
            </>
          ) : null
        }
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </AdminPage>
  );
}
