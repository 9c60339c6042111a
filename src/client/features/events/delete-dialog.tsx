import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../components/form-dialog';
import type { MessageId } from '../../i18n/catalogue';
import { useT } from '../../i18n/use-t';
import { toast } from '../../lib/toast';
import type { SaveCallbacks } from './item-editor';
import type { useDialogTarget } from './use-dialog-target';

/** What a delete dialog deletes: an event, or one of its items. */
export type DeleteKind = 'event' | 'task' | 'deposit' | 'memo';

/** One of a kind's messages: `events.delete.task.title`. */
export function deleteMessage(kind: DeleteKind, part: 'title' | 'confirm' | 'failed'): MessageId {
  return `events.delete.${kind}.${part}`;
}

/** The delete call of an event or an item. */
export interface RemoveMutation {
  isPending: boolean;
  mutate(input: { id: string }, callbacks: SaveCallbacks): void;
}

interface DeleteDialogProps<Row extends { id: string }> {
  /** The row asked about; the dialog is open while it is shown. */
  deleting: ReturnType<typeof useDialogTarget<Row>>;
  remove: RemoveMutation;
  /** What is deleted: the title, the button and the toast name it. */
  kind: DeleteKind;
  /** After the delete: the toast, and whatever else follows (leaving a deleted event's page). */
  onDeleted: (row: Row) => void;
  children: ReactNode;
}

/** Asks before deleting an event or one of its items, deletes it, and closes. */
export function DeleteDialog<Row extends { id: string }>({
  deleting,
  remove,
  kind,
  onDeleted,
  children,
}: DeleteDialogProps<Row>) {
  const t = useT();
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
        onError: (error) => toast.failed(t(deleteMessage(kind, 'failed')), error),
      },
    );
  };
  return (
    <ConfirmDialog
      open={deleting.open}
      onClose={deleting.close}
      title={t(deleteMessage(kind, 'title'))}
      confirmLabel={t(deleteMessage(kind, 'confirm'))}
      pendingLabel={t('events.delete.pending')}
      pending={remove.isPending}
      onConfirm={confirm}
    >
      {children}
    </ConfirmDialog>
  );
}
