import { clsx } from 'clsx';
import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { TableEmpty, TableFrame, TableLoadError, TableLoading, Td, Th, Tr } from '@/features/admin/shell/list/data-table';
import { exportUrl, type ReportRange, type ReportTableName } from '../api/analytics-report';

export interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
}

/** The state of the report's query, as every table shows it. */
export interface ReportState {
  isPending: boolean;
  isError: boolean;
  hasData: boolean;
  isFetching: boolean;
  retry: () => void;
}

/** One table of the report with its heading and CSV export; cards on phones like the other admin lists. */
export function ReportTable<T>({
  id,
  title,
  description,
  table,
  range,
  state,
  rows,
  rowKey,
  columns,
  empty,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  /** Its CSV; none when another section's CSV holds it (the funnel's views share one file). */
  table: ReportTableName | null;
  range: ReportRange;
  state: ReportState;
  rows: T[];
  rowKey: (row: T) => string;
  columns: Column<T>[];
  empty: { title: string; hint: ReactNode };
}) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id} className="text-lg font-semibold text-foreground">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
        </div>
        {table ? (
          <a href={exportUrl(table, range)} download className={buttonClasses('secondary', 'sm')} aria-label={`Export ${title} as CSV`}>
            <Download className="size-4" aria-hidden="true" />
            CSV
          </a>
        ) : null}
      </div>
      <TableFrame label={`${title} (table)`} busy={state.isFetching}>
        <thead>
          <tr>
            {columns.map((column) => (
              <Th key={column.label} className={clsx(column.numeric && 'text-right')}>
                {column.label}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {state.isPending ? (
            <TableLoading colSpan={columns.length} label={`Loading ${title.toLowerCase()}`} />
          ) : state.isError && !state.hasData ? (
            <TableLoadError colSpan={columns.length} message="The report could not be loaded." onRetry={state.retry} />
          ) : rows.length === 0 ? (
            <TableEmpty colSpan={columns.length} title={empty.title}>
              {empty.hint}
            </TableEmpty>
          ) : (
            rows.map((row) => (
              <Tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Td key={column.label} label={column.label} className={clsx(column.numeric && 'tabular-nums md:text-right')}>
                    {column.cell(row)}
                  </Td>
                ))}
              </Tr>
            ))
          )}
        </tbody>
      </TableFrame>
    </section>
  );
}
