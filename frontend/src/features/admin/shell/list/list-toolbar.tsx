import { Search, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { controlClasses, labelClasses, Select } from '@/components/ui/form-controls';
import { Tooltip } from '@/components/ui/tooltip';
import { clsx } from 'clsx';

/** The search box of an admin list (a labelled search field with a clear button). */
export function SearchField({
  id,
  label,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted" />
        <input
          id={id}
          type="search"
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => onChange(event.target.value)}
          className={clsx(controlClasses, 'h-11 pr-10 pl-10 [&::-webkit-search-cancel-button]:hidden')}
        />
        {value ? (
          <Tooltip label="Clear search">
            <button
              type="button"
              aria-label="Clear search"
              onClick={() => onChange('')}
              className="absolute top-1/2 right-1.5 inline-flex size-8 -translate-y-1/2 items-center justify-center rounded-full text-muted hover:bg-surface hover:text-foreground"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </Tooltip>
        ) : null}
      </div>
    </div>
  );
}

/** A filter of the list (status, platform...): a labelled select; `className` gives its width beside the search box. */
export function FilterSelect({
  id,
  label,
  value,
  onChange,
  className,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  className: string;
  /** The options. */
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClasses}>
        {label}
      </label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </Select>
    </div>
  );
}

/**
 * The toolbar's line for a list filtered in the browser: 'Showing 3 of 12 codes' while the search
 * or a filter narrows it; else, with a `detail`, '12 codes, 4 used' (without one, no line). No
 * line before the list has loaded.
 */
export function listSummary(all: unknown[] | undefined, shown: number, filtered: boolean, [one, many]: [string, string], detail?: string): string | null {
  if (!all) return null;
  if (filtered) return `Showing ${shown} of ${all.length} ${many}`;
  return detail ? `${all.length} ${all.length === 1 ? one : many}, ${detail}` : null;
}

/** Search and filters above a table, stacked on small screens. */
export function ListToolbar({ children, summary }: { children: ReactNode; summary?: ReactNode }) {
  return (
    <div className="mb-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">{children}</div>
      {summary ? (
        <p className="mt-3 text-sm text-muted" aria-live="polite">
          {summary}
        </p>
      ) : null}
    </div>
  );
}
