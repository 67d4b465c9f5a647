import { Button } from '@/components/ui/button';
import type { ReactNode } from 'react';
import { Dialog } from './dialog';
import { Spinner } from '@/components/ui/form-controls';

/** Asks before something destructive happens (spec §5 "Deletions"), or before a change that moves something else. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  busy = false,
  destructive = true,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  /** A red confirm button (the default); false for a change that can be undone. */
  destructive?: boolean;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description} role="alertdialog" size="sm">
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button
          onClick={onConfirm}
          disabled={busy}
          className={destructive ? 'bg-red-700 text-white hover:bg-red-800 dark:bg-red-600 dark:hover:bg-red-500' : undefined}
        >
          {busy ? <Spinner /> : null}
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
