import { Copy, Dices, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import {
  useCreateEarlyAccessCode,
  useDeleteEarlyAccessCode,
  useEarlyAccessCodes,
  useEarlyAccessSettings,
  useUpdateEarlyAccessSettings,
  type EarlyAccessCode,
} from '../api/early-access';
import { AdminDialog } from '../components/admin-dialog';
import { AdminPage, Panel } from '../components/admin-page';
import { AdminSwitch } from '../components/admin-switch';
import { Badge } from '../components/badge';
import { ConfirmDialog } from '../components/confirm-dialog';
import { IconButton, TableEmpty, TableFrame, TableLoadError, TableLoading, Td, Th } from '../components/data-table';
import { FieldShell, Select, Spinner, TextInput } from '../components/form-controls';
import { ListToolbar, SearchField } from '../components/list-toolbar';
import { copyText } from '../lib/clipboard';
import { EARLY_ACCESS_CODE_LENGTH, generateEarlyAccessCode } from '../lib/early-access-code';
import { formatAdminDate, normalizeCode } from '../lib/format';
import { useErrorToast } from '../lib/use-error-toast';

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

function EarlyAccessSwitch() {
  const id = useId();
  const settings = useEarlyAccessSettings();
  const update = useUpdateEarlyAccessSettings();
  const isOpen = update.isPending ? Boolean(update.variables) : Boolean(settings.data?.isOpen);

  function toggle(next: boolean) {
    update.mutate(next, {
      onSuccess: (result) =>
        notify.success(result.isOpen ? 'Early access opened' : 'Early access closed'),
      onError: (error) => notify.error('Failed to update early access state', errorMessage(error)),
    });
  }

  return (
    <Panel aria-labelledby={`${id}-label`} className="mb-8">
      <div className="flex items-center justify-between gap-6">
        <div className="min-w-0">
          <h2 id={`${id}-label`} className="text-lg font-semibold text-foreground">
            Early access
          </h2>
          <p id={`${id}-state`} className="mt-1 text-sm text-muted">
            {settings.isPending ? (
              'Loading the current state…'
            ) : settings.isError ? (
              'The current state could not be loaded.'
            ) : isOpen ? (
              <>
                <span className="font-semibold text-foreground">Open</span>: early access is available now.
              </>
            ) : (
              <>
                <span className="font-semibold text-foreground">Closed</span>: early access is not available.
              </>
            )}
          </p>
        </div>
        {settings.isError ? (
          <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
            <RefreshCw className="size-4" aria-hidden="true" />
            Retry
          </Button>
        ) : (
          <AdminSwitch
            aria-label="Early access open"
            aria-describedby={`${id}-state`}
            checked={isOpen}
            disabled={settings.isPending || update.isPending}
            onCheckedChange={toggle}
          />
        )}
      </div>
    </Panel>
  );
}

interface CodeForm {
  firstName: string;
  email: string;
  code: string;
}

const EMPTY_FORM: CodeForm = { firstName: '', email: '', code: '' };

function CreateCodeDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const create = useCreateEarlyAccessCode();
  const [form, setForm] = useState<CodeForm>(EMPTY_FORM);

  const update = (name: keyof CodeForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({
      ...current,
      [name]: name === 'code' ? normalizeCode(event.target.value) : event.target.value,
    }));

  function changeOpen(next: boolean) {
    if (!next) {
      setForm(EMPTY_FORM);
      create.reset();
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    create.mutate(
      { firstName: form.firstName.trim(), email: form.email.trim(), code: normalizeCode(form.code) },
      {
        onSuccess: (created) => {
          notify.success('Code created', `${created.code} is ready for ${created.firstName}.`);
          changeOpen(false);
        },
        onError: (error) =>
          notify.error(
            'Failed to create early access code',
            error instanceof ApiError && error.message ? error.message : undefined,
          ),
      },
    );
  }

  return (
    <AdminDialog
      open={open}
      onOpenChange={changeOpen}
      title="Create Early Access Code"
      description="A personal code for one person. All fields are required."
    >
      <form onSubmit={submit} aria-label="Create early access code" aria-busy={create.isPending} className="space-y-5">
        <FieldShell id={`${id}-first-name`} label="First name" required>
          <TextInput
            id={`${id}-first-name`}
            name="firstName"
            required
            maxLength={100}
            autoComplete="off"
            value={form.firstName}
            onChange={update('firstName')}
          />
        </FieldShell>
        <FieldShell id={`${id}-email`} label="Email" required>
          <TextInput
            id={`${id}-email`}
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="off"
            inputMode="email"
            spellCheck={false}
            value={form.email}
            onChange={update('email')}
          />
        </FieldShell>
        <FieldShell
          id={`${id}-code`}
          label="Code"
          required
          hint={`Letters and digits, upper case. Generate makes ${EARLY_ACCESS_CODE_LENGTH} characters without look-alikes (no I, O, 0 or 1).`}
        >
          <div className="flex gap-2">
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
              onChange={update('code')}
              className="font-mono tracking-wider uppercase"
            />
            <Button
              variant="secondary"
              className="h-11 shrink-0"
              onClick={() => setForm((current) => ({ ...current, code: generateEarlyAccessCode() }))}
            >
              <Dices className="size-4" aria-hidden="true" />
              Generate
            </Button>
          </div>
        </FieldShell>
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => changeOpen(false)} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? <Spinner /> : <Plus className="size-4" aria-hidden="true" />}
            {create.isPending ? 'Creating...' : 'Create Code'}
          </Button>
        </div>
      </form>
    </AdminDialog>
  );
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

  function confirmDelete() {
    if (!toDelete) return;
    const target = toDelete;
    remove.mutate(target.id, {
      onSuccess: () => {
        notify.success('Code deleted', `${target.code} was deleted.`);
        setToDelete(null);
      },
      onError: (error) => {
        notify.error('Failed to delete early access code', errorMessage(error));
        setToDelete(null);
      },
    });
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
      <ListToolbar
        summary={
          all
            ? filtered
              ? `Showing ${visible.length} of ${all.length} codes`
              : `${all.length} ${all.length === 1 ? 'code' : 'codes'}, ${usedCount} used`
            : null
        }
      >
        <SearchField
          id={`${id}-search`}
          label="Search"
          placeholder="Code, first name or email"
          value={search}
          onChange={setSearch}
        />
        <div className="sm:w-44">
          <label htmlFor={`${id}-status`} className="mb-1.5 block text-sm font-medium text-foreground">
            Status
          </label>
          <Select id={`${id}-status`} value={status} onChange={(event) => setStatus(event.target.value as StatusFilter)}>
            {STATUS_FILTERS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </div>
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
        <tbody>
          {codes.isPending ? (
            <TableLoading colSpan={COLUMNS} label="Loading codes" />
          ) : codes.isError && !all ? (
            <TableLoadError colSpan={COLUMNS} message="The codes could not be loaded." onRetry={() => void codes.refetch()} />
          ) : visible.length === 0 ? (
            filtered ? (
              <TableEmpty colSpan={COLUMNS} title="No codes match your search">
                Try another search or status.
              </TableEmpty>
            ) : (
              <TableEmpty colSpan={COLUMNS} title="No early access codes yet">
                Create the first one with ‘Create Code’.
              </TableEmpty>
            )
          ) : (
            visible.map((code) => (
              <tr key={code.id} className="hover:bg-surface/60">
                <Td className="font-mono font-semibold tracking-wider whitespace-nowrap">{code.code}</Td>
                <Td>
                  <div className="font-medium">{code.firstName}</div>
                  <div className="text-xs break-all text-muted">{code.email}</div>
                </Td>
                <Td>{code.isUsed ? <Badge tone="neutral">Used</Badge> : <Badge tone="success">Available</Badge>}</Td>
                <Td className="whitespace-nowrap text-muted">{formatAdminDate(code.createdAt) ?? '—'}</Td>
                <Td className="whitespace-nowrap text-muted">
                  {formatAdminDate(code.usedAt) ?? (
                    <>
                      <span aria-hidden="true">—</span>
                      <span className="sr-only">Not used</span>
                    </>
                  )}
                </Td>
                <Td className="text-right whitespace-nowrap">
                  <IconButton label={`Copy code ${code.code}`} onClick={() => void copy(code.code)}>
                    <Copy className="size-4" aria-hidden="true" />
                  </IconButton>
                  <IconButton
                    label={`Delete code ${code.code}`}
                    title={code.isUsed ? 'A used code cannot be deleted' : undefined}
                    disabled={code.isUsed}
                    tone="danger"
                    onClick={() => setToDelete(code)}
                  >
                    <Trash2 className="size-4" aria-hidden="true" />
                  </IconButton>
                </Td>
              </tr>
            ))
          )}
        </tbody>
      </TableFrame>

      <CreateCodeDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setToDelete(null);
        }}
        title="Delete this code?"
        description={
          toDelete ? (
            <>
              The code <span className="font-mono font-semibold text-foreground">{toDelete.code}</span> for{' '}
              {toDelete.firstName} will stop working. This action cannot be undone.
            </>
          ) : null
        }
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </AdminPage>
  );
}
