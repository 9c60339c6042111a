import { Box, Flex, Text } from '@chakra-ui/react';
import { FileText } from 'lucide-react';
import type { EventDto } from '../../../shared/schemas/event-answers';
import type { MemoDto } from '../../../shared/schemas/events';
import { FormTextarea } from '../../components/form-fields';
import { formatShortDay } from './format';
import { type MemoFormValues, memoForm } from './forms';
import { ItemNameInput, titleRequired } from './item-editor';
import { ItemCard, ItemList } from './item-list';
import { useMemoMutations, useMemos } from './use-events';

/** The Memos tab: notes about the event, newest first. */
export function MemosTab({ event }: { event: EventDto }) {
  const memos = useMemos(event.id);
  const { create, update, remove } = useMemoMutations(event.id);
  return (
    <ItemList
      noun="Memo"
      plural="Memos"
      query={memos}
      remove={remove}
      summary={(list) => `${list.length} ${list.length === 1 ? 'memo' : 'memos'}`}
      skeletonRows={2}
      empty={{
        icon: <FileText />,
        title: 'No memos yet',
        text: 'Keep guest-list notes, menu ideas and anything else worth remembering here.',
      }}
      nameOf={(memo) => memo.title}
      deleteText={(memo) => `“${memo?.title}” will be removed. This cannot be undone.`}
      editor={{
        schema: memoForm,
        pending: create.isPending || update.isPending,
        valuesOf,
        create: (fields, callbacks) => create.mutate({ id: event.id, ...fields }, callbacks),
        update: (base, fields, callbacks) => {
          update.mutate({ id: base.id, version: base.version, ...fields }, callbacks);
          return true;
        },
        onInvalid: titleRequired,
        fields: (form) => (
          <>
            <ItemNameInput form={form} name="title" label="Title" placeholder="e.g. Seating ideas" />
            <FormTextarea form={form} name="content" label="Memo" rows={6} maxLength={10_000} />
          </>
        ),
      }}
      renderRow={(memo, actions) => (
        <ItemCard key={memo.id} direction="column" gap="2">
          <Flex gap="3" justify="space-between" align="flex-start">
            <Box minW="0">
              <Text textStyle="itemTitle">{memo.title}</Text>
              <Text fontSize="xs" color="fg.muted">
                Added {formatShortDay(memo.createdAt)}
              </Text>
            </Box>
            {actions}
          </Flex>
          {memo.content ? (
            <Text fontSize="sm" color="fg" whiteSpace="pre-wrap" wordBreak="break-word">
              {memo.content}
            </Text>
          ) : null}
        </ItemCard>
      )}
    />
  );
}

function valuesOf(memo: MemoDto | null): MemoFormValues {
  return { title: memo?.title ?? '', content: memo?.content ?? '' };
}
