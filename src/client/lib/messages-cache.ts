import { MESSAGING_LIMITS } from '../../shared/messaging';
import type { ConversationDto, MessageDto, UnreadTotals } from '../../shared/schemas/messages';
import type { trpc } from './trpc';

/** The cache handles of `trpc.useUtils()`. */
export type TrpcUtils = ReturnType<typeof trpc.useUtils>;

/** Messages oldest first, one per id; a later copy of a message (seen since) replaces the earlier. */
export function mergeMessages(...lists: MessageDto[][]): MessageDto[] {
  const byId = new Map<string, MessageDto>();
  for (const list of lists) for (const m of list) byId.set(m.id, m);
  return [...byId.values()].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id),
  );
}

/**
 * Keeps older messages loaded with `before` when the conversation's newest page is fetched again
 * (React Query's structuralSharing hook): the fresh page wins for every message it holds, and the
 * older ones stay as long as the fresh page reaches back to them. A fresh page that no longer meets
 * them (many messages came in meanwhile) replaces them, so the history never has a hole.
 */
export function keepOlderMessages(previous: unknown, next: unknown): unknown {
  const old = previous as ConversationDto | undefined;
  const fresh = next as ConversationDto;
  if (!old || !fresh?.messages || old.thread?.id !== fresh.thread?.id) return fresh;
  const first = fresh.messages[0];
  if (!first) return fresh;
  const overlaps = !fresh.hasMoreBefore || old.messages.some((m) => m.id === first.id);
  if (!overlaps) return fresh;
  const older = old.messages.filter((m) => m.createdAt.getTime() <= first.createdAt.getTime());
  if (older.length === 0) return fresh;
  return {
    ...fresh,
    messages: mergeMessages(older, fresh.messages),
    hasMoreBefore: fresh.hasMoreBefore && old.hasMoreBefore,
  };
}

/** Adds a message to its open conversation's cache, unless it is there already. */
export function addMessageToConversation(utils: TrpcUtils, message: MessageDto): void {
  utils.messages.conversation.setData({ threadId: message.threadId }, (old) => {
    if (!old) return old;
    const known = old.messages.some((m) => m.id === message.id);
    if (known) return old;
    return {
      ...old,
      messages: mergeMessages(old.messages, [message]),
      thread: { ...old.thread, lastMessageAt: message.createdAt },
    };
  });
}

/** Marks messages of a cached conversation seen (the other party read them). */
export function markMessagesSeen(
  utils: TrpcUtils,
  threadId: string,
  ids: ReadonlySet<string> | null,
  seenAt: Date,
): void {
  utils.messages.conversation.setData({ threadId }, (old) => {
    if (!old) return old;
    let changed = false;
    const messages = old.messages.map((m) => {
      if (m.status === 'seen' || (ids ? !ids.has(m.id) : m.mine)) return m;
      changed = true;
      return { ...m, status: 'seen' as const, seenAt: m.seenAt ?? seenAt };
    });
    return changed ? { ...old, messages } : old;
  });
}

/** After the caller read a thread: its incoming messages seen, its unread count 0 everywhere. */
export function threadRead(utils: TrpcUtils, threadId: string, unreadMessages: number): void {
  utils.messages.unreadCount.setData(undefined, { unreadCount: unreadMessages });
  utils.messages.conversation.setData({ threadId }, (old) => {
    if (!old) return old;
    const now = new Date();
    return {
      ...old,
      thread: { ...old.thread, unreadCount: 0 },
      messages: old.messages.map((m) =>
        m.mine || m.status === 'seen' ? m : { ...m, status: 'seen' as const, seenAt: m.seenAt ?? now },
      ),
    };
  });
  utils.messages.threads.setInfiniteData({ limit: THREADS_PAGE }, (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((page) => ({
            ...page,
            threads: page.threads.map((t) => (t.id === threadId ? { ...t, unreadCount: 0 } : t)),
          })),
        }
      : old,
  );
}

/** Threads per page of the list. */
export const THREADS_PAGE = MESSAGING_LIMITS.threadsPageDefault;

/** The unread totals every live event carries: the Messages badge and the bell's. */
export function setUnreadTotals(utils: TrpcUtils, unread: UnreadTotals): void {
  utils.messages.unreadCount.setData(undefined, { unreadCount: unread.messages });
  utils.notifications.list.setData(undefined, (old) =>
    old ? { ...old, unreadCount: unread.notifications } : old,
  );
}
