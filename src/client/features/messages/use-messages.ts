import { useInfiniteQuery } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { useState } from 'react';
import { TIMINGS } from '../../../shared/constants';
import type { ConversationDto, ThreadSide, ThreadSummaryDto } from '../../../shared/schemas/messages';
import { type Translate, useT } from '../../i18n/use-t';
import { firstPageMeta } from '../../lib/first-page';
import { useIdempotentCreate } from '../../lib/idempotency';
import {
  addMessageToConversation,
  keepOlderMessages,
  mergeMessages,
  THREADS_PAGE,
  threadRead,
} from '../../lib/messages-cache';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';

/**
 * The caller's threads, newest first, a page at a time. React Query's own infinite query under
 * tRPC's key (so the trpc utils invalidate and patch it): tRPC's useInfiniteQuery adds a
 * `direction` field that the strict threads input refuses.
 */
export function useThreads() {
  const utils = trpc.useUtils();
  return useInfiniteQuery({
    queryKey: getQueryKey(trpc.messages.threads, { limit: THREADS_PAGE }, 'infinite'),
    queryFn: ({ pageParam, signal }) =>
      utils.client.messages.threads.query(
        { limit: THREADS_PAGE, ...(pageParam ? { cursor: pageParam } : {}) },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A drawn messages page comes with the first page of threads (decision 048).
    meta: firstPageMeta({ limit: THREADS_PAGE }),
  });
}

/**
 * One conversation: its newest messages, stale after a second (spec section 9); older pages loaded
 * with `loadOlder` stay in the same cache entry when it is fetched again.
 */
export function useConversation(threadId: string) {
  const t = useT();
  const utils = trpc.useUtils();
  const query = trpc.messages.conversation.useQuery(
    { threadId },
    { staleTime: TIMINGS.conversationStaleMs, structuralSharing: keepOlderMessages },
  );
  const [loadingOlder, setLoadingOlder] = useState(false);

  const loadOlder = async () => {
    const first = query.data?.messages[0];
    if (!first || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await utils.client.messages.conversation.query({ threadId, before: first.id });
      utils.messages.conversation.setData({ threadId }, (old) =>
        old
          ? {
              ...old,
              messages: mergeMessages(page.messages, old.messages),
              hasMoreBefore: page.hasMoreBefore,
            }
          : old,
      );
    } catch (error) {
      toast.failed(t('messages.conversation.loadEarlierFailed'), error);
    } finally {
      setLoadingOlder(false);
    }
  };

  return { query, loadOlder, loadingOlder };
}

/** Marks the caller's unread incoming messages of a thread seen; the badges drop with the answer. */
export function useMarkThreadSeen(threadId: string) {
  const utils = trpc.useUtils();
  return trpc.messages.markThreadSeen.useMutation({
    onSuccess: (result) => {
      threadRead(utils, threadId, result.unreadCount);
      void utils.notifications.list.invalidate();
    },
  });
}

/** Sends a reply with an idempotency key, so that a retried send never posts twice. */
export function useReply() {
  const utils = trpc.useUtils();
  return useIdempotentCreate(
    trpc.messages.reply.useMutation({
      onSuccess: (message) => {
        addMessageToConversation(utils, message);
        void utils.messages.threads.invalidate();
      },
    }),
  );
}

/** Block or unblock a thread; the conversation shows the new state at once. */
export function useBlockThread() {
  const utils = trpc.useUtils();
  const apply = (thread: ConversationDto['thread']) => {
    utils.messages.conversation.setData({ threadId: thread.id }, (old) => (old ? { ...old, thread } : old));
    void utils.messages.threads.invalidate();
  };
  const block = trpc.messages.block.useMutation({ onSuccess: apply });
  const unblock = trpc.messages.unblock.useMutation({ onSuccess: apply });
  return { block, unblock };
}

/** The name of the other side of a thread: the business for a customer, the family for a vendor. */
export function otherPartyName(thread: Pick<ThreadSummaryDto, 'side' | 'vendor' | 'customer'>): string {
  return thread.side === 'customer' ? thread.vendor.businessName : thread.customer.name;
}

/** How the other side's messages are labelled (spec section 2: 'Vendor' for customers). */
export function otherPartyLabel(t: Translate, side: ThreadSide): string {
  return side === 'customer' ? t('messages.conversation.vendor') : t('messages.conversation.customer');
}
