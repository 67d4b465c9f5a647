import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { IconButton } from './data-table';

/** A row's Delete button; the list asks first (DeleteRowDialog). */
export function DeleteRowButton({ label, note, disabled, onClick }: { label: string; note?: string; disabled?: boolean; onClick: () => void }) {
  return (
    <IconButton label={label} text="Delete" note={note} disabled={disabled} tone="danger" onClick={onClick}>
      <Trash2 className="size-4" aria-hidden="true" />
    </IconButton>
  );
}

/** What the dialog uses of the list's delete (a TanStack Query mutation taking the row's id). */
interface DeleteMutation {
  isPending: boolean;
  mutate: (id: string, callbacks: { onSuccess: () => void; onError: (error: Error) => void; onSettled: () => void }) => void;
}

/**
 * The question before a row is deleted, then the delete. Open while `row` is set; it closes once
 * the server has answered, after `onDeleted` or `onFailed` (the toasts), and cannot be closed
 * while the delete runs.
 */
export function DeleteRowDialog<T extends { id: string }>({
  row,
  onClose,
  remove,
  title,
  description,
  onDeleted,
  onFailed,
}: {
  row: T | null;
  onClose: () => void;
  remove: DeleteMutation;
  title: string;
  /** The same words for every row, or words naming the row. */
  description: ReactNode | ((row: T) => ReactNode);
  onDeleted: (row: T) => void;
  onFailed: (error: Error) => void;
}) {
  function confirm() {
    if (!row) return;
    remove.mutate(row.id, { onSuccess: () => onDeleted(row), onError: onFailed, onSettled: onClose });
  }

  return (
    <ConfirmDialog
      open={row !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title={title}
      description={typeof description === 'function' ? row && description(row) : description}
      busy={remove.isPending}
      onConfirm={confirm}
    />
  );
}
