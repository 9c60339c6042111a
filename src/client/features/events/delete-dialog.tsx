import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../components/form-dialog';
import { toast } from '../../lib/toast';
import type { SaveCallbacks } from './item-editor';
import type { useDialogTarget } from './use-dialog-target';

/** The delete call of an event or an item. */
export interface RemoveMutation {
  isPending: boolean;
  mutate(input: { id: string }, callbacks: SaveCallbacks): void;
}

interface DeleteDialogProps<Row extends { id: string }> {
  /** The row asked about; the dialog is open while it is shown. */
  deleting: ReturnType<typeof useDialogTarget<Row>>;
  remove: RemoveMutation;
  /** 'Event', 'Task': the title and the button name it. */
  noun: string;
  /** After the delete: the toast, and whatever else follows (leaving a deleted event's page). */
  onDeleted: (row: Row) => void;
  children: ReactNode;
}

/** Asks before deleting an event or one of its items, deletes it, and closes. */
export function DeleteDialog<Row extends { id: string }>({
  deleting,
  remove,
  noun,
  onDeleted,
  children,
}: DeleteDialogProps<Row>) {
  const lower = noun.toLowerCase();
  const confirm = () => {
    const row = deleting.target;
    if (!row) return;
    remove.mutate(
      { id: row.id },
      {
        onSuccess: () => {
          deleting.close();
          onDeleted(row);
        },
        onError: (error) => toast.failed(`Failed to delete ${lower}`, error),
      },
    );
  };
  return (
    <ConfirmDialog
      open={deleting.open}
      onClose={deleting.close}
      title={`Delete this ${lower}?`}
      confirmLabel={`Delete ${noun}`}
      pendingLabel="Deleting..."
      pending={remove.isPending}
      onConfirm={confirm}
    >
      {children}
    </ConfirmDialog>
  );
}
