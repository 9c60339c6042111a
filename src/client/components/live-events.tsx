import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import type { LiveEvent } from '../../shared/schemas/messages';
import { errorCode } from '../lib/errors';
import {
  addMessageToConversation,
  markMessagesSeen,
  setUnreadTotals,
  type TrpcUtils,
} from '../lib/messages-cache';
import { trpc } from '../lib/trpc';

const LiveConnected = createContext(false);

/** Whether this tab's live stream is open; while it is not, the unread count is polled instead. */
export function useLiveConnected(): boolean {
  return useContext(LiveConnected);
}

/**
 * The last event this tab received, per user: a layout mounted again (another route branch) resumes
 * the stream from there, so nothing is missed and nothing is fetched twice.
 */
const resumeFrom = new Map<string, string>();

/** Waits before opening the stream again after it ended or failed: 1 s, doubling up to 30 s. */
function retryDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5));
}

/** Applies one live event to the React Query cache. */
function applyLiveEvent(utils: TrpcUtils, event: LiveEvent): void {
  setUnreadTotals(utils, event.unread);
  switch (event.kind) {
    case 'sync':
      // Connected afresh (or too far behind to replay): whatever messaging data is on screen is read again.
      void utils.messages.threads.invalidate(undefined, undefined, { cancelRefetch: false });
      void utils.messages.conversation.invalidate(undefined, undefined, { cancelRefetch: false });
      void utils.notifications.list.invalidate(undefined, undefined, { cancelRefetch: false });
      void utils.requests.list.invalidate(undefined, undefined, { cancelRefetch: false });
      return;
    case 'message':
      addMessageToConversation(utils, event.message);
      void utils.messages.threads.invalidate();
      // A vendor's first reply answers the availability request shown on the customer's home.
      if (!event.message.mine) void utils.requests.list.invalidate();
      return;
    case 'seen':
      markMessagesSeen(utils, event.threadId, new Set(event.messageIds), new Date());
      // The seen times themselves come with the conversation.
      void utils.messages.conversation.invalidate({ threadId: event.threadId });
      void utils.messages.threads.invalidate();
      return;
    case 'thread':
      void utils.messages.conversation.invalidate({ threadId: event.threadId });
      void utils.messages.threads.invalidate();
      return;
    case 'notification':
      utils.notifications.list.setData(undefined, (old) =>
        old
          ? {
              unreadCount: event.unread.notifications,
              items: [event.notification, ...old.items.filter((n) => n.id !== event.notification.id)],
            }
          : old,
      );
      void utils.notifications.list.invalidate();
      void utils.requests.list.invalidate();
      return;
  }
}

/**
 * One live stream per tab (messages.events over server-sent events), mounted once in the signed-in
 * layout: new messages, seen marks, thread changes, notifications and unread totals go straight into
 * the cache. The link itself reconnects a dropped connection, resuming after the last event; when the
 * stream ends or fails for good, it is opened again after a growing pause.
 */
export function LiveEventsProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const utils = trpc.useUtils();
  const [input, setInput] = useState(() => ({ lastEventId: resumeFrom.get(userId) ?? null }));
  const attempts = useRef(0);

  const subscription = trpc.messages.events.useSubscription(input, {
    onStarted: () => {
      attempts.current = 0;
    },
    onData: ({ id, data }) => {
      resumeFrom.set(userId, id);
      applyLiveEvent(utils, data);
    },
    onError: (error) => {
      // Signed out meanwhile (another tab, an expired session): the guards take it from here.
      if (errorCode(error) === 'UNAUTHORIZED') void utils.auth.session.invalidate();
    },
  });
  const { status, reset } = subscription;

  // 'error' is a failure the link gave up on; 'idle' a stream the server ended (shutting down, the
  // session's time is up). Either way, open it again after a pause, resuming from the last event.
  // (onComplete cannot tell: it also fires whenever the hook itself unsubscribes.)
  useEffect(() => {
    if (status !== 'error' && status !== 'idle') return;
    const timer = window.setTimeout(() => {
      attempts.current += 1;
      const lastEventId = resumeFrom.get(userId) ?? null;
      if (lastEventId !== input.lastEventId) setInput({ lastEventId });
      else reset();
    }, retryDelay(attempts.current));
    return () => window.clearTimeout(timer);
  }, [status, userId, input.lastEventId, reset]);

  return <LiveConnected.Provider value={status === 'pending'}>{children}</LiveConnected.Provider>;
}
