import { clsx } from 'clsx';
import { Inbox, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Tooltip } from '@/components/ui/tooltip';
import type { HTMLAttributes, ReactNode, ThHTMLAttributes, TdHTMLAttributes } from 'react';

// Table parts of the admin lists. From Tailwind's `md` up they are a table that scrolls sideways
// inside a focusable region if it must (so keyboard users can scroll it too). Below `md` (phones)
// the same markup is laid out as cards: the header row is kept for screen readers only, every
// row is a card and every cell a line labelled with its column (`Td`'s `label`), with the row's
// actions as buttons at the foot of the card. Nothing is hidden beside the screen.

export function TableFrame({ label, children, busy }: { label: string; children: ReactNode; busy?: boolean }) {
  return (
    <div
      role="region"
      aria-label={label}
      aria-busy={busy || undefined}
      tabIndex={0}
      className={clsx(
        'relative overflow-x-auto rounded-2xl border border-border bg-elevated shadow-sm',
        'max-md:overflow-visible max-md:rounded-none max-md:border-0 max-md:bg-transparent max-md:shadow-none',
      )}
    >
      <table
        className={clsx(
          'w-full min-w-[44rem] border-collapse text-left text-sm',
          'max-md:block max-md:min-w-0 max-md:[&>tbody]:flex max-md:[&>tbody]:flex-col max-md:[&>tbody]:gap-3 max-md:[&>thead]:sr-only',
        )}
      >
        {children}
      </table>
    </div>
  );
}

/** The card of a row on phones (below `md`): border, background and padding. */
const cardClasses = 'max-md:block max-md:rounded-2xl max-md:border max-md:border-border max-md:bg-elevated max-md:shadow-sm';

/** A row of the list: a table row from `md` up, a card on phones. */
export function Tr({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr {...props} className={clsx('hover:bg-surface/60', cardClasses, 'max-md:px-4 max-md:py-3', className)} />;
}

export function Th({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      scope="col"
      {...props}
      className={clsx('border-b border-border bg-surface px-4 py-3 text-xs font-semibold tracking-wide whitespace-nowrap text-muted uppercase', className)}
    />
  );
}

/**
 * A cell. `label` names its column on phones, where the row is a card and each cell a labelled
 * line (the table header is then for screen readers only); `actions` makes the cell the card's
 * row of buttons instead. From `md` up neither changes anything.
 */
export function Td({ label, actions, className, children, ...props }: TdHTMLAttributes<HTMLTableCellElement> & { label?: string; actions?: boolean }) {
  return (
    <td
      {...props}
      data-label={label}
      className={clsx(
        'border-b border-border px-4 py-3 align-middle text-foreground',
        'max-md:border-0 max-md:px-0 max-md:text-left max-md:whitespace-normal max-md:wrap-break-word',
        actions
          ? 'max-md:mt-2 max-md:block max-md:border-t max-md:border-border max-md:pt-3 max-md:pb-1'
          : 'max-md:grid max-md:grid-cols-[6.5rem_minmax(0,1fr)] max-md:items-baseline max-md:gap-3 max-md:py-1.5',
        label && !actions
          ? 'max-md:before:content-[attr(data-label)] max-md:before:font-sans max-md:before:text-xs max-md:before:leading-5 max-md:before:font-semibold max-md:before:tracking-wide max-md:before:text-muted max-md:before:uppercase'
          : null,
        className,
      )}
    >
      {/* One box for the content, so a card line has two columns: the label and this. */}
      <div className={clsx(actions && 'max-md:flex max-md:flex-wrap max-md:justify-end max-md:gap-2', !label && !actions && 'max-md:col-span-2')}>
        {children}
      </div>
    </td>
  );
}

/** A row spanning the table: the loading, empty and error states. */
export function TableMessage({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr className={cardClasses}>
      <td colSpan={colSpan} className="px-4 py-14 text-center max-md:block max-md:py-10">
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

/** A labelled icon button for table rows; its tooltip shows the label. */
export function IconButton({
  label,
  text,
  note,
  onClick,
  disabled,
  tone = 'default',
  children,
}: {
  label: string;
  /** A word shown beside the icon on phones, where the row is a card ('Delete'); begins `label`. */
  text?: string;
  /** A line under the label in the tooltip (why the button is disabled). */
  note?: string;
  onClick: () => void;
  /** Rendered with aria-disabled so it stays focusable and its tooltip can explain why. */
  disabled?: boolean;
  tone?: 'default' | 'danger';
  children: ReactNode;
}) {
  return (
    <Tooltip
      label={
        note ? (
          <>
            {label}
            <span className="block font-normal text-muted">{note}</span>
          </>
        ) : (
          label
        )
      }
    >
      <button
        type="button"
        aria-label={label}
        aria-disabled={disabled || undefined}
        onClick={disabled ? undefined : onClick}
        className={clsx(
          'inline-flex size-9 items-center justify-center rounded-full transition-colors',
          text && 'max-md:h-10 max-md:w-auto max-md:gap-2 max-md:px-4 max-md:font-semibold max-md:ring-1 max-md:ring-border max-md:ring-inset',
          disabled
            ? 'cursor-not-allowed text-muted opacity-50'
            : tone === 'danger'
              ? 'text-red-700 hover:bg-red-50 dark:text-red-300 dark:hover:bg-red-500/15'
              : 'text-muted hover:bg-surface hover:text-foreground',
        )}
      >
        {children}
        {text ? <span className="md:hidden">{text}</span> : null}
      </button>
    </Tooltip>
  );
}

/**
 * The body of a list page's table in each of its states: loading, failed to load (with a
 * retry), empty (nothing yet, or nothing matching the filters) and the rows. A list without
 * filters leaves out `filtered` and `noMatch`.
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
  /** Whether filters are narrowing `rows` (the empty state then says so, with `noMatch`). */
  filtered?: boolean;
  /** What the rows are, for the loading and error messages ('creator codes'). */
  noun: string;
  empty: { title: string; hint: ReactNode };
  noMatch?: { title: string; hint: ReactNode };
  children: (row: T) => ReactNode;
}) {
  const nothing = filtered && noMatch ? noMatch : empty;
  return (
    <tbody>
      {query.isPending ? (
        <TableLoading colSpan={columns} label={`Loading ${noun}`} />
      ) : query.isError && query.data === undefined ? (
        <TableLoadError colSpan={columns} message={`The ${noun} could not be loaded.`} onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <TableEmpty colSpan={columns} title={nothing.title}>
          {nothing.hint}
        </TableEmpty>
      ) : (
        rows.map(children)
      )}
    </tbody>
  );
}
