import { Box, Flex, Icon, Stack, Text } from '@chakra-ui/react';
import { FileText } from 'lucide-react';
import { EVENT_MESSAGES, type EventDto, type MemoDto } from '../../../shared/schemas/events';
import { ConfirmDialog } from '../../components/form-dialog';
import { FormInput, FormTextarea } from '../../components/form-fields';
import { toast } from '../../lib/toast';
import { useZodForm } from '../../lib/use-zod-form';
import { formatShortDay } from './format';
import { type MemoFormValues, memoForm } from './forms';
import { useItemEditor } from './item-editor';
import { ItemActions, ListEmpty, ListError, ListSkeleton, TabHeader } from './item-parts';
import { useDialogTarget } from './use-dialog-target';
import { useMemoMutations, useMemos } from './use-events';

/** The Memos tab: notes about the event, newest first. */
export function MemosTab({ event }: { event: EventDto }) {
  const memos = useMemos(event.id);
  const { create, update, remove } = useMemoMutations(event.id);
  const editing = useDialogTarget<MemoDto | 'new'>();
  const deleting = useDialogTarget<MemoDto>();

  const confirmDelete = () => {
    const memo = deleting.target;
    if (!memo) return;
    remove.mutate(
      { id: memo.id },
      {
        onSuccess: () => {
          toast.success('Memo deleted');
          deleting.close();
        },
        onError: (error) => toast.failed('Failed to delete memo', error),
      },
    );
  };

  const list = memos.data ?? [];

  return (
    <Stack gap="4">
      <TabHeader
        summary={memos.data ? `${list.length} ${list.length === 1 ? 'memo' : 'memos'}` : 'Memos'}
        addLabel="Add Memo"
        onAdd={() => editing.show('new')}
      />
      {memos.isPending ? (
        <ListSkeleton rows={2} />
      ) : memos.isLoadingError ? (
        <ListError what="memos" onRetry={() => void memos.refetch()} />
      ) : list.length === 0 ? (
        <ListEmpty
          icon={
            <Icon boxSize="6">
              <FileText />
            </Icon>
          }
          title="No memos yet"
          text="Keep guest-list notes, menu ideas and anything else worth remembering here."
        />
      ) : (
        <Stack as="ul" gap="3" listStyleType="none" aria-label="Memos">
          {list.map((memo) => (
            <Box
              as="li"
              key={memo.id}
              bg="bg"
              borderWidth="1px"
              borderColor="border.muted"
              rounded="xl"
              p={{ base: '3', md: '4' }}
            >
              <Flex gap="3" justify="space-between" align="flex-start">
                <Box minW="0">
                  <Text fontWeight="semibold" color="brand.950" wordBreak="break-word">
                    {memo.title}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    Added {formatShortDay(memo.createdAt)}
                  </Text>
                </Box>
                <ItemActions
                  noun="memo"
                  name={memo.title}
                  onEdit={() => editing.show(memo)}
                  onDelete={() => deleting.show(memo)}
                />
              </Flex>
              {memo.content ? (
                <Text mt="2" fontSize="sm" color="fg" whiteSpace="pre-wrap" wordBreak="break-word">
                  {memo.content}
                </Text>
              ) : null}
            </Box>
          ))}
        </Stack>
      )}
      <MemoDialog
        eventId={event.id}
        memo={editing.target === 'new' ? null : editing.target}
        open={editing.open}
        onClose={editing.close}
        create={create}
        update={update}
      />
      <ConfirmDialog
        open={deleting.open}
        onClose={deleting.close}
        title="Delete this memo?"
        confirmLabel="Delete Memo"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
      >
        “{deleting.target?.title}” will be removed. This cannot be undone.
      </ConfirmDialog>
    </Stack>
  );
}

type Mutations = ReturnType<typeof useMemoMutations>;

interface MemoDialogProps {
  eventId: string;
  memo: MemoDto | null;
  open: boolean;
  onClose: () => void;
  create: Mutations['create'];
  update: Mutations['update'];
}

function MemoDialog({ eventId, memo, open, onClose, create, update }: MemoDialogProps) {
  const form = useZodForm(memoForm, {
    defaultValues: valuesOf(null),
    pending: create.isPending || update.isPending,
  });
  const { dialog } = useItemEditor({
    noun: 'Memo',
    item: memo,
    open,
    onClose,
    form,
    valuesOf,
    create: (fields, callbacks) => create.mutate({ id: eventId, ...fields }, callbacks),
    update: (base, fields, callbacks) => {
      update.mutate({ id: base.id, version: base.version, ...fields }, callbacks);
      return true;
    },
    onInvalid: (errors) => {
      if (errors.title) toast.error(EVENT_MESSAGES.required);
    },
  });
  return dialog(
    <>
      <FormInput
        form={form}
        name="title"
        label="Title"
        required
        maxLength={200}
        placeholder="e.g. Seating ideas"
        autoComplete="off"
      />
      <FormTextarea form={form} name="content" label="Memo" rows={6} maxLength={10_000} />
    </>,
  );
}

function valuesOf(memo: MemoDto | null): MemoFormValues {
  return { title: memo?.title ?? '', content: memo?.content ?? '' };
}
