import { Flex, type FlexProps, Icon, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useT } from '../../i18n/use-t';
import { toast } from '../../lib/toast';
import { DeleteDialog, type RemoveMutation } from './delete-dialog';
import {
  ItemDialog,
  type ItemEditorConfig,
  type ItemKind,
  itemMessage,
  type SaveCallbacks,
} from './item-editor';
import { ItemActions, ListEmpty, ListError, ListSkeleton, TabHeader } from './item-parts';
import { useDialogTarget } from './use-dialog-target';

interface ListQuery<Row> {
  data: Row[] | undefined;
  isPending: boolean;
  isLoadingError: boolean;
  refetch: () => unknown;
}

interface ItemListProps<Row extends { id: string; version: number }, Values extends FieldValues, Out> {
  /** The add button, the list, the delete dialog and the toasts name the item's kind. */
  kind: ItemKind;
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
  kind,
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
  const t = useT();
  const plural = t(itemMessage(kind, 'list'));

  const list = query.data ?? [];

  return (
    <Stack gap="4">
      <TabHeader
        summary={query.data ? summary(list) : plural}
        addLabel={t(itemMessage(kind, 'add'))}
        onAdd={() => editing.show('new')}
      />
      {query.isPending ? (
        <ListSkeleton rows={skeletonRows} />
      ) : query.isLoadingError ? (
        <ListError kind={kind} onRetry={() => void query.refetch()} />
      ) : list.length === 0 ? (
        <ListEmpty icon={<Icon boxSize="6">{empty.icon}</Icon>} title={empty.title} text={empty.text} />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label={plural}>
          {list.map((row) =>
            renderRow(
              row,
              <ItemActions
                kind={kind}
                name={nameOf(row)}
                onEdit={() => editing.show(row)}
                onDelete={() => deleting.show(row)}
              />,
            ),
          )}
        </Stack>
      )}
      <ItemDialog
        kind={kind}
        item={editing.target === 'new' ? null : editing.target}
        open={editing.open}
        onClose={editing.close}
        editor={editor}
      />
      <DeleteDialog
        deleting={deleting}
        remove={remove}
        kind={kind}
        onDeleted={() => toast.success(t(itemMessage(kind, 'deleted')))}
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
