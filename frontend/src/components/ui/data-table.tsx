import { clsx } from 'clsx';
import { Inbox, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { ReactNode, ThHTMLAttributes, TdHTMLAttributes } from 'react';

// Table parts of the admin lists. The table scrolls sideways on small screens inside a
// focusable region, so keyboard users can scroll it too.

export function TableFrame({ label, children, busy }: { label: string; children: ReactNode; busy?: boolean }) {
  return (
    <div
      role="region"
      aria-label={label}
      aria-busy={busy || undefined}
      tabIndex={0}
      className="relative overflow-x-auto rounded-2xl border border-border bg-elevated shadow-sm"
    >
      <table className="w-full min-w-[44rem] border-collapse text-left text-sm">{children}</table>
    </div>
  );
}

export function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      {...props}
      className={clsx(
        'border-b border-border bg-surface px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-muted uppercase',
        className,
      )}
    />
  );
}

export function Td({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td {...props} className={clsx('border-b border-border px-4 py-3 align-middle text-foreground', className)} />;
}

/** A row spanning the table: the loading, empty and error states. */
export function TableMessage({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-14 text-center">
        {children}
      </td>
    </tr>
  );
}

export function TableLoading({ colSpan, label }: { colSpan: number; label: string }) {
  return (
    <TableMessage colSpan={colSpan}>
      <div role="status" className="flex flex-col items-center gap-3 text-muted">
        <span aria-hidden="true" className="size-7 animate-spin rounded-full border-[3px] border-border border-t-brand-solid" />
        <span>{label}…</span>
      </div>
    </TableMessage>
  );
}

/** The list could not be loaded (and nothing is cached): say so and offer to try again. */
export function TableLoadError({ colSpan, message, onRetry }: { colSpan: number; message: string; onRetry: () => void }) {
  return (
    <TableMessage colSpan={colSpan}>
      <div className="flex flex-col items-center gap-3">
        <p className="text-muted">{message}</p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          <RefreshCw className="size-4" aria-hidden="true" />
          Try again
        </Button>
      </div>
    </TableMessage>
  );
}

export function TableEmpty({ colSpan, title, children }: { colSpan: number; title: string; children?: ReactNode }) {
  return (
    <TableMessage colSpan={colSpan}>
      <div className="mx-auto flex max-w-sm flex-col items-center gap-2">
        <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-full bg-surface text-muted">
          <Inbox className="size-6" />
        </span>
        <p className="font-semibold text-foreground">{title}</p>
        {children ? <div className="text-sm text-muted">{children}</div> : null}
      </div>
    </TableMessage>
  );
}

/** A labelled icon button for table rows. */
export function IconButton({
  label,
  title,
  onClick,
  disabled,
  tone = 'default',
  children,
}: {
  label: string;
  title?: string;
  onClick: () => void;
  /** Rendered with aria-disabled so it stays focusable and its title can explain why. */
  disabled?: boolean;
  tone?: 'default' | 'danger';
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={title ?? label}
      aria-disabled={disabled || undefined}
      onClick={disabled ? undefined : onClick}
      className={clsx(
        'inline-flex size-9 items-center justify-center rounded-full transition-colors',
        disabled
          ? 'cursor-not-allowed text-muted opacity-50'
          : tone === 'danger'
            ? 'text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-500/15'
            : 'text-muted hover:bg-surface hover:text-foreground',
      )}
    >
      {children}
    </button>
  );
}

/**
 * The body of a list page's table in each of its states: loading, failed to load (with a
 * retry), empty (nothing yet, or nothing matching the filters) and the rows.
 */
export function ListTableBody<T>({
  columns,
  query,
  rows,
  filtered,
  noun,
  empty,
  noMatch,
  children,
}: {
  columns: number;
  /** The list's query (TanStack Query's result). */
  query: { isPending: boolean; isError: boolean; data: unknown; refetch: () => unknown };
  /** The rows to show (the loaded list, filtered). */
  rows: T[];
  /** Whether filters are narrowing `rows` (the empty state then says so). */
  filtered: boolean;
  /** What the rows are, for the loading and error messages ('creator codes'). */
  noun: string;
  empty: { title: string; hint: ReactNode };
  noMatch: { title: string; hint: ReactNode };
  children: (row: T) => ReactNode;
}) {
  return (
    <tbody>
      {query.isPending ? (
        <TableLoading colSpan={columns} label={`Loading ${noun}`} />
      ) : query.isError && query.data === undefined ? (
        <TableLoadError colSpan={columns} message={`The ${noun} could not be loaded.`} onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <TableEmpty colSpan={columns} title={filtered ? noMatch.title : empty.title}>
          {filtered ? noMatch.hint : empty.hint}
        </TableEmpty>
      ) : (
        rows.map(children)
      )}
    </tbody>
  );
}
