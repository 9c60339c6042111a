import { Flex, type FlexProps, Icon, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { DeleteDialog, type RemoveMutation } from './delete-dialog';
import { ItemDialog, type ItemEditorConfig, type SaveCallbacks } from './item-editor';
import { ItemActions, ListEmpty, ListError, ListSkeleton, TabHeader } from './item-parts';
import { useDialogTarget } from './use-dialog-target';

interface ListQuery<Row> {
  data: Row[] | undefined;
  isPending: boolean;
  isLoadingError: boolean;
  refetch: () => unknown;
}

interface ItemListProps<Row extends { id: string; version: number }, Values extends FieldValues, Out> {
  /** 'Task', 'Deposit', 'Memo': the add button, the delete dialog and the toasts name it. */
  noun: string;
  /** 'Tasks': the list's accessible name; in lower case, what could not load. */
  plural: string;
  query: ListQuery<Row>;
  remove: RemoveMutation;
  /** The line above the list once it has loaded. */
  summary: (list: Row[]) => string;
  skeletonRows?: number;
  empty: { icon: ReactNode; title: string; text: string };
  /** How a row names its item to a screen reader and in the delete dialog. */
  nameOf: (row: Row) => string;
  /** One row (an ItemCard), with the row's edit and delete buttons placed where it wants them. */
  renderRow: (row: Row, actions: ReactNode) => ReactNode;
  /** The delete dialog's text about the item. */
  deleteText: (row: Row | null) => ReactNode;
  /** The add/edit dialog. */
  editor: ItemEditorConfig<Row, Values, Out>;
}

/**
 * One tab of an event's items (tasks, deposits, memos): the summary and add button, the list with
 * its loading, failed and empty states, each row's edit and delete, the add/edit dialog and the
 * delete confirmation with its toasts.
 */
export function ItemList<Row extends { id: string; version: number }, Values extends FieldValues, Out>({
  noun,
  plural,
  query,
  remove,
  summary,
  skeletonRows,
  empty,
  nameOf,
  renderRow,
  deleteText,
  editor,
}: ItemListProps<Row, Values, Out>) {
  const editing = useDialogTarget<Row | 'new'>();
  const deleting = useDialogTarget<Row>();
  const lower = noun.toLowerCase();

  const list = query.data ?? [];

  return (
    <Stack gap="4">
      <TabHeader
        summary={query.data ? summary(list) : plural}
        addLabel={`Add ${noun}`}
        onAdd={() => editing.show('new')}
      />
      {query.isPending ? (
        <ListSkeleton rows={skeletonRows} />
      ) : query.isLoadingError ? (
        <ListError what={plural.toLowerCase()} onRetry={() => void query.refetch()} />
      ) : list.length === 0 ? (
        <ListEmpty icon={<Icon boxSize="6">{empty.icon}</Icon>} title={empty.title} text={empty.text} />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label={plural}>
          {list.map((row) =>
            renderRow(
              row,
              <ItemActions
                noun={lower}
                name={nameOf(row)}
                onEdit={() => editing.show(row)}
                onDelete={() => deleting.show(row)}
              />,
            ),
          )}
        </Stack>
      )}
      <ItemDialog
        noun={noun}
        item={editing.target === 'new' ? null : editing.target}
        open={editing.open}
        onClose={editing.close}
        editor={editor}
      />
      <DeleteDialog
        deleting={deleting}
        remove={remove}
        noun={noun}
        onDeleted={() => toast.success(`${noun} deleted`)}
      >
        {deleteText(deleting.target)}
      </DeleteDialog>
    </Stack>
  );
}

/** The card of one item in a tab's list. */
export function ItemCard(props: FlexProps) {
  return <Flex as="li" gap="3" layerStyle="softPanel" rounded="xl" p={{ base: '3', md: '4' }} {...props} />;
}

/** The toasts of a change made straight from a row: ticking a task off, marking a deposit paid. */
export function rowToasts(succeeded: string, failed: string): SaveCallbacks {
  return {
    onSuccess: () => toast.success(succeeded),
    onError: (error) => toast.failed(failed, error),
  };
}
