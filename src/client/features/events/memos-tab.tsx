import { Box, Flex, Text } from '@chakra-ui/react';
import { FileText } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import type { EventDto } from '../../../shared/schemas/event-answers';
import type { MemoDto } from '../../../shared/schemas/events';
import { FormTextarea } from '../../components/form-fields';
import { useT } from '../../i18n/use-t';
import { formatShortDay } from './format';
import { type MemoFormValues, memoForm } from './forms';
import { ItemNameInput, titleRequired } from './item-editor';
import { ItemCard, ItemList } from './item-list';
import { useMemoMutations, useMemos } from './use-events';

/** The Memos tab: notes about the event, newest first. */
export function MemosTab({ event }: { event: EventDto }) {
  const memos = useMemos(event.id);
  const { create, update, remove } = useMemoMutations(event.id);
  const t = useT();
  return (
    <ItemList
      kind="memo"
      query={memos}
      remove={remove}
      summary={(list) => t('events.memos.summary', { count: list.length })}
      skeletonRows={2}
      empty={{
        icon: <FileText />,
        title: t('events.memos.emptyTitle'),
        text: t('events.memos.emptyText'),
      }}
      nameOf={(memo) => memo.title}
      deleteText={(memo) => (
        <FormattedMessage id="events.memos.deleteText" values={{ title: <bdi>{memo?.title}</bdi> }} />
      )}
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
            <ItemNameInput
              form={form}
              name="title"
              label={t('events.memos.title')}
              placeholder={t('events.memos.titlePlaceholder')}
            />
            <FormTextarea
              form={form}
              name="content"
              label={t('events.memos.content')}
              rows={6}
              maxLength={10_000}
            />
          </>
        ),
      }}
      renderRow={(memo, actions) => (
        <ItemCard key={memo.id} direction="column" gap="2">
          <Flex gap="3" justify="space-between" align="flex-start">
            <Box minW="0">
              <Text textStyle="itemTitle">
                <bdi>{memo.title}</bdi>
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {t('events.memos.added', { date: formatShortDay(memo.createdAt) })}
              </Text>
            </Box>
            {actions}
          </Flex>
          {memo.content ? (
            <Text fontSize="sm" color="fg" whiteSpace="pre-wrap" wordBreak="break-word" dir="auto">
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
