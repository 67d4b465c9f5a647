import { FileUp } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormError, Spinner } from '@/components/ui/form-controls';
import { percentOf, ProgressBar } from '@/components/ui/progress-bar';
import { notify } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useImportProgress, useRefreshMembers, useStartImport, type ImportOptions, type ImportProgress } from '../api/waitlist';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

const OPTIONS: { key: keyof ImportOptions; label: string; hint: string }[] = [
  {
    key: 'welcome',
    label: 'Send each imported member the welcome email',
    hint: 'With their place in line, their referral link and a link to confirm their address. Left off, they get no email now.',
  },
  {
    key: 'doubleOptIn',
    label: 'This list was double opt-in',
    hint: 'Its members confirmed their address by email: rows marked confirmed join as confirmed. Left off, everyone joins unconfirmed.',
  },
];

/**
 * "Import CSV": a list from another waitlist tool. The form uploads the file; from then on the
 * dialog follows the import by its id (kept in the address by the page, so a reload shows it
 * again), with a progress bar, then its report: how many joined, and the lines skipped or invalid.
 */
export function ImportMembersDialog({
  open,
  importId,
  onStarted,
  onClose,
}: {
  open: boolean;
  importId: string | null;
  onStarted: (id: string) => void;
  onClose: () => void;
}) {
  const start = useStartImport();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && !start.isPending && onClose()}
      size="lg"
      title="Import members from a CSV"
      description={importId ? undefined : 'Bring a list from another waitlist tool. Its members join after everyone already on the list.'}
    >
      {importId ? (
        <ImportReport id={importId} onClose={onClose} />
      ) : (
        <ImportForm
          start={start}
          onStarted={(id) => {
            start.reset();
            onStarted(id);
          }}
          onCancel={onClose}
        />
      )}
    </Dialog>
  );
}

function ImportForm({ start, onStarted, onCancel }: { start: ReturnType<typeof useStartImport>; onStarted: (id: string) => void; onCancel: () => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [options, setOptions] = useState<ImportOptions>({ welcome: false, doubleOptIn: false });
  const [missingFile, setMissingFile] = useState(false);
  const submitting = useRef(false);
  // One import per form and file: a second submit (a double click the guard below misses) is the same import.
  const key = useRef(crypto.randomUUID());

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setMissingFile(true);
    // A double click starts one import: the second click finds the first under way.
    if (submitting.current || start.isPending) return;
    submitting.current = true;
    start.mutate(
      { file, options, key: key.current },
      {
        // Started: the form goes, and the guard stays taken until it has (a double click's second
        // click can reach it after the answer on a busy machine).
        onSuccess: (started) => onStarted(started.id),
        onError: () => {
          submitting.current = false;
        },
      },
    );
  }

  const error = missingFile && !file ? 'Choose a CSV file to import.' : start.error ? errorMessage(start.error) : null;
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-describedby={`${id}-error`}>
      <div className="text-sm">
        <p>The first line names the columns, in any order:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-muted">
          <li>
            <code className="font-mono text-foreground">email</code> and <code className="font-mono text-foreground">first_name</code>: required.
          </li>
          <li>
            <code className="font-mono text-foreground">joined_at</code>: when they joined (e.g. 2025-03-01). When every row has one, they join in that order.
          </li>
          <li>
            <code className="font-mono text-foreground">confirmed</code>: true or false.
          </li>
          <li>
            <code className="font-mono text-foreground">referred_by</code>: the email or referral code of whoever referred them (a member, or an earlier row).
          </li>
        </ul>
        <p className="mt-2 text-muted">Addresses already on the list, or repeated in the file, are skipped. At most 20 MB.</p>
      </div>

      <div>
        <label htmlFor={`${id}-file`} className="mb-1.5 block text-sm font-semibold text-foreground">
          CSV file
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={`${id}-error`}
          className="block w-full min-w-0 text-sm text-muted file:mr-3 file:cursor-pointer file:rounded-lg file:border file:border-border file:bg-surface file:px-3 file:py-2 file:font-semibold file:text-foreground hover:file:bg-elevated"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            key.current = crypto.randomUUID(); // another file: another import
            start.reset();
          }}
        />
      </div>

      <fieldset className="flex flex-col gap-3 text-sm">
        <legend className="sr-only">Options</legend>
        {OPTIONS.map(({ key, label, hint }) => (
          <label key={key} className="inline-flex items-start gap-2">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-brand-solid"
              checked={options[key]}
              aria-describedby={`${id}-${key}-hint`}
              onChange={(event) => setOptions((before) => ({ ...before, [key]: event.target.checked }))}
            />
            <span>
              <span className="font-medium">{label}</span>
              <span id={`${id}-${key}-hint`} className="block text-muted">
                {hint}
              </span>
            </span>
          </label>
        ))}
      </fieldset>

      <FormError id={`${id}-error`} message={error} />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={start.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? <Spinner /> : <FileUp className="size-4" aria-hidden="true" />}
          Import
        </Button>
      </div>
    </form>
  );
}

function ImportReport({ id, onClose }: { id: string; onClose: () => void }) {
  const progress = useImportProgress(id);
  const refreshMembers = useRefreshMembers();
  const data = progress.data;
  const finished = Boolean(data?.finishedAt);
  useEffect(() => {
    if (!finished || !data) return;
    void refreshMembers();
    if (data.status === 'done') notify.success('Import complete', `${count(data.imported, 'member', 'members')} added to the waitlist.`);
    // Once per import, when it finishes (`data` is read, not watched).
  }, [finished, id]);

  if (progress.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted">
        <Spinner /> Loading the import…
      </p>
    );
  }
  if (progress.isError || !data) {
    return (
      <div className="flex flex-col gap-4">
        <FormError id={`${id}-load`} message={`Could not load the import: ${errorMessage(progress.error)}`} />
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <div aria-live="polite">
        <div className="flex justify-between gap-3 text-sm">
          <span>{statusLine(data)}</span>
          {data.total ? <span className="shrink-0 whitespace-nowrap text-muted tabular-nums">{percentOf(data.processed, data.total)} %</span> : null}
        </div>
        <ProgressBar label="Import progress" value={data.processed} max={data.total ?? 0} />
      </div>
      {data.status === 'failed' ? <FormError id={`${id}-failed`} message={data.error ?? 'The file could not be imported.'} /> : null}
      {finished && data.status === 'done' ? (
        <>
          <dl className="grid grid-cols-3 gap-3 text-center text-sm">
            {(
              [
                ['Imported', data.imported],
                ['Skipped', data.skipped],
                ['Invalid', data.invalid],
              ] as const
            ).map(([label, n]) => (
              <div key={label} className="rounded-lg border border-border px-2 py-3">
                <dt className="text-muted">{label}</dt>
                <dd className="text-lg font-semibold tabular-nums">{n.toLocaleString('en-US')}</dd>
              </div>
            ))}
          </dl>
          <LineList title="Skipped" hint="Already on the list, or repeated in the file." lines={data.skippedLines} total={data.skipped} />
          <LineList title="Invalid" hint="Fix these lines in your file and import them again." lines={data.invalidLines} total={data.invalid} />
        </>
      ) : null}
      <div className="flex justify-end">
        <Button variant={finished ? 'primary' : 'secondary'} onClick={onClose}>
          {finished ? 'Done' : 'Close (the import goes on)'}
        </Button>
      </div>
    </div>
  );
}

function statusLine(data: ImportProgress): string {
  if (data.status === 'queued') return 'Waiting for the worker to read the file…';
  if (data.status === 'failed') return 'The import failed.';
  const total = data.total ?? 0;
  if (data.status === 'done') return `Done: ${count(total, 'row', 'rows')} read, ${count(data.imported, 'member', 'members')} added.`;
  return `Importing: ${data.processed.toLocaleString('en-US')} of ${count(total, 'row', 'rows')}…`;
}

function LineList({ title, hint, lines, total }: { title: string; hint: string; lines: ImportProgress['skippedLines']; total: number }) {
  const id = useId();
  if (total === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="text-sm">
      <h3 id={`${id}-title`} className="font-semibold">
        {title} ({total.toLocaleString('en-US')})
      </h3>
      <p className="text-muted">
        {hint}
        {lines.length < total ? ` The first ${lines.length.toLocaleString('en-US')} are listed.` : ''}
      </p>
      <ul
        tabIndex={0}
        aria-label={`${title} lines`}
        className="mt-2 max-h-48 divide-y divide-border overflow-y-auto rounded-lg border border-border focus-visible:outline-2 focus-visible:outline-ring"
      >
        {lines.map((line) => (
          <li key={line.line} className="flex gap-3 px-3 py-1.5">
            <span className="w-20 shrink-0 text-muted tabular-nums">Line {line.line.toLocaleString('en-US')}</span>
            <span className="min-w-0 wrap-break-word">{line.reason}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
