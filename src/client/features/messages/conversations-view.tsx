import { Box, Grid, Skeleton, Stack } from '@chakra-ui/react';
import { MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ThreadSummaryDto } from '../../../shared/schemas/messages';
import { EmptyPanel, LoadFailedPanel, PanelIcon } from '../../components/empty-panel';
import { useT } from '../../i18n/use-t';
import { useWiderThan } from '../../lib/viewport';
import { ConversationPane } from './conversation-pane';
import { ThreadList } from './thread-list';
import { useThreads } from './use-messages';

interface ConversationsViewProps {
  /** When there is no conversation at all: what would start one, and the button that leads there. */
  empty: { description: string; action: ReactNode };
  /** The conversation box's fixed height on a phone and from tablets up (CSS lengths). */
  height: { base: string; md: string };
}

/**
 * The shared conversations screen of /messages and the vendor dashboard's Messages tab: the thread
 * list beside the open conversation, or on a phone one after the other with a back button. The open
 * thread lives in the address (?thread=id), so notifications and reloads land on it.
 */
export function ConversationsView({ empty, height }: ConversationsViewProps) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('thread');
  const wide = useWiderThan('md');
  const threads = useThreads();

  const seen = new Set<string>();
  const list: ThreadSummaryDto[] = [];
  for (const page of threads.data?.pages ?? []) {
    for (const thread of page.threads) {
      if (!seen.has(thread.id)) {
        seen.add(thread.id);
        list.push(thread);
      }
    }
  }

  const hrefFor = (threadId: string) => {
    const next = new URLSearchParams(params);
    next.set('thread', threadId);
    return `?${next.toString()}`;
  };
  const showList = () => {
    const next = new URLSearchParams(params);
    next.delete('thread');
    setParams(next);
  };

  const frame = (children: ReactNode) => (
    <Box css={{ '--conversation-height': height.base, md: { '--conversation-height': height.md } }}>
      {children}
    </Box>
  );

  if (threads.isPending && !selectedId) {
    return frame(
      <Stack
        gap="2"
        role="status"
        aria-busy="true"
        aria-label={t('messages.list.loading')}
        maxW={{ md: '20rem' }}
      >
        <Skeleton h="20" rounded="xl" />
        <Skeleton h="20" rounded="xl" />
        <Skeleton h="20" rounded="xl" />
      </Stack>,
    );
  }
  if (threads.isLoadingError && !selectedId) {
    return (
      <LoadFailedPanel
        what={t('messages.list.loadFailedWhat')}
        icon={MessageCircle}
        error={threads.error}
        onRetry={() => void threads.refetch()}
      />
    );
  }
  if (threads.isSuccess && list.length === 0 && !selectedId) {
    return (
      <EmptyPanel
        icon={<PanelIcon icon={MessageCircle} />}
        title={t('messages.list.empty')}
        description={empty.description}
      >
        {empty.action}
      </EmptyPanel>
    );
  }

  const listPanel = threads.isPending ? (
    <Stack gap="2" role="status" aria-busy="true" aria-label={t('messages.list.loading')}>
      <Skeleton h="20" rounded="xl" />
      <Skeleton h="20" rounded="xl" />
    </Stack>
  ) : (
    <ThreadList
      threads={list}
      selectedId={selectedId}
      hrefFor={hrefFor}
      hasMore={threads.hasNextPage}
      loadingMore={threads.isFetchingNextPage}
      onLoadMore={() => void threads.fetchNextPage()}
    />
  );

  if (!wide) {
    return frame(
      selectedId ? (
        <ConversationPane key={selectedId} threadId={selectedId} onBack={showList} />
      ) : (
        <Box as="section" aria-label={t('messages.list.label')}>
          {listPanel}
        </Box>
      ),
    );
  }

  return frame(
    <Grid
      templateColumns={{ md: 'minmax(0, 17rem) minmax(0, 1fr)', lg: 'minmax(0, 20rem) minmax(0, 1fr)' }}
      gap="5"
    >
      <Box
        as="section"
        aria-label={t('messages.list.label')}
        h="var(--conversation-height)"
        overflowY="auto"
        p="1"
        m="-1"
      >
        {listPanel}
      </Box>
      {selectedId ? (
        <ConversationPane key={selectedId} threadId={selectedId} />
      ) : (
        <Box h="var(--conversation-height)" minH="24rem" display="flex">
          <Box flex="1" alignSelf="stretch" display="flex" flexDirection="column" justifyContent="flex-start">
            <EmptyPanel
              icon={<PanelIcon icon={MessageCircle} />}
              title={t('messages.view.noneSelected')}
              description={t('messages.view.noneSelectedHint')}
            />
          </Box>
        </Box>
      )}
    </Grid>,
  );
}
