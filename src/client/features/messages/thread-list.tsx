import { Badge, Box, Button, Flex, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import type { ThreadSummaryDto } from '../../../shared/schemas/messages';
import { OWN_DIRECTION } from '../../components/own-direction';
import { useSaidText } from '../../components/said-text';
import { SelectableCard } from '../../components/selectable-card';
import { useT } from '../../i18n/use-t';
import { fullTime, threadTime } from './format';
import { useConversationSubject } from './subject';
import { ThreadAvatar } from './thread-avatar';
import { otherPartyName } from './use-messages';

interface ThreadListProps {
  threads: ThreadSummaryDto[];
  selectedId: string | null;
  hrefFor: (threadId: string) => string;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** The caller's conversations, newest first: who with, the subject, the last message and unread count. */
export function ThreadList({
  threads,
  selectedId,
  hrefFor,
  hasMore,
  loadingMore,
  onLoadMore,
}: ThreadListProps) {
  const t = useT();
  return (
    <Stack gap="2">
      <Stack as="ul" gap="1.5" listStyleType="none" aria-label={t('messages.list.conversations')}>
        {threads.map((thread) => (
          <ThreadItem
            key={thread.id}
            thread={thread}
            selected={thread.id === selectedId}
            href={hrefFor(thread.id)}
          />
        ))}
      </Stack>
      {hasMore ? (
        <Button
          variant="outline"
          size="sm"
          onClick={onLoadMore}
          loading={loadingMore}
          loadingText={t('messages.list.loadingMore')}
        >
          {t('messages.list.loadMore')}
        </Button>
      ) : null}
    </Stack>
  );
}

function ThreadItem({
  thread,
  selected,
  href,
}: {
  thread: ThreadSummaryDto;
  selected: boolean;
  href: string;
}) {
  const t = useT();
  const said = useSaidText();
  const subject = useConversationSubject();
  const other = otherPartyName(thread);
  const unread = thread.unreadCount;
  const last = thread.lastMessage;
  const at = last?.createdAt ?? thread.lastMessageAt;
  const lastText = last ? said({ text: last.preview, about: last.about }) : '';
  // What people wrote reads in its own direction, inside "You: …" too. Alone on its line, the line
  // itself takes its direction (dir="auto"), so that a long English line is cut at its end, not its start.
  const theirs = last ? last.senderSide !== thread.side : false;
  const preview = !last ? (
    t('messages.thread.noMessages')
  ) : theirs ? (
    lastText
  ) : (
    <FormattedMessage id="messages.thread.youPreview" values={{ preview: <bdi>{lastText}</bdi> }} />
  );
  return (
    <li>
      <SelectableCard
        to={href}
        selected={selected}
        p="3"
        data-thread-id={thread.id}
        data-unread={unread > 0 ? String(unread) : undefined}
      >
        <HStack gap="3" align="flex-start">
          <ThreadAvatar thread={thread} name={other} />
          <Box flex="1" minW="0">
            <Flex justify="space-between" align="baseline" gap="2">
              <Text
                as="span"
                fontWeight={unread > 0 ? 'bold' : 'semibold'}
                color="brand.950"
                truncate
                minW="0"
                {...OWN_DIRECTION}
              >
                {other}
              </Text>
              <Text as="span" fontSize="xs" color={unread > 0 ? 'brand.fg' : 'fg.subtle'} flexShrink="0">
                <time dateTime={at.toISOString()} title={fullTime(at)}>
                  {threadTime(at)}
                </time>
              </Text>
            </Flex>
            <Text as="span" display="block" fontSize="sm" color="fg" truncate {...OWN_DIRECTION}>
              {subject.show(thread.subject)}
            </Text>
            <Flex justify="space-between" align="center" gap="2">
              <Text
                as="span"
                display="block"
                fontSize="sm"
                color={unread > 0 ? 'fg' : 'fg.muted'}
                fontWeight={unread > 0 ? 'medium' : 'normal'}
                truncate
                minW="0"
                {...(theirs ? OWN_DIRECTION : {})}
              >
                {preview}
              </Text>
              {unread > 0 ? (
                <>
                  <Badge colorPalette="red" variant="solid" rounded="full" flexShrink="0" aria-hidden>
                    {unread > 99 ? t('messages.thread.unreadMany') : unread}
                  </Badge>
                  <VisuallyHidden>{t('messages.thread.unreadLabel', { count: unread })}</VisuallyHidden>
                </>
              ) : null}
            </Flex>
            {thread.blocked ? (
              <Text as="span" display="block" fontSize="xs" color="fg.error" mt="0.5">
                {t('messages.thread.blocked')}
              </Text>
            ) : null}
          </Box>
        </HStack>
      </SelectableCard>
    </li>
  );
}
