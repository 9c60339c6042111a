import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import type { LiveEvent } from '../../shared/schemas/messages';
import { errorCode } from '../lib/errors';
import {
  addMessageToConversation,
  markMessagesSeen,
  setUnreadTotals,
  type TrpcUtils,
} from '../lib/messages-cache';
import { isSigningOut, useSigningOut } from '../lib/session';
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

/**
 * Waits before opening the stream again after it ended or failed: about 1 s, doubling up to 30 s,
 * with jitter, so tabs dropped together (a server restart) do not all come back in the same instant.
 */
function retryDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5)) * (0.5 + Math.random());
}

/**
 * Refetches asked for by live events, run together a moment later: a burst of events (a replay after
 * a reconnect) costs one refetch per query, not one per event. Keyed by what they refetch.
 */
const pendingRefetches = new Map<string, () => Promise<unknown>>();
let flushTimer: number | undefined;
function scheduleRefetch(key: string, refetch: () => Promise<unknown>): void {
  pendingRefetches.set(key, refetch);
  if (flushTimer !== undefined) return;
  flushTimer = window.setTimeout(() => {
    flushTimer = undefined;
    const batch = [...pendingRefetches.values()];
    pendingRefetches.clear();
    // Signing out: the session is ending and the cache is about to be dropped; nothing to read.
    if (isSigningOut()) return;
    for (const run of batch) void run();
  }, 50);
}

type Schedule = (key: string, refetch: () => Promise<unknown>) => void;

/**
 * The user's claims and own listings: a decision on a claim changes its status and may give the
 * claimant a listing (and the vendor role) or take one back. Nothing in the cache goes stale on its
 * own, so without this the dashboard kept showing the claim pending and no listing until a reload.
 * (The Listing Profile and Analytics tabs follow the listings: a new one is read afresh.)
 */
function refreshClaimsAndListings(utils: TrpcUtils, schedule: Schedule): void {
  schedule('claims', () => utils.claims.mine.invalidate());
  schedule('own-listings', () => utils.vendors.mine.invalidate());
}

/** Applies one live event to the React Query cache; `refetchSoon` batches the refetches it asks for. */
export function applyLiveEvent(
  utils: TrpcUtils,
  event: LiveEvent,
  refetchSoon: Schedule = scheduleRefetch,
): void {
  setUnreadTotals(utils, event.unread);
  switch (event.kind) {
    case 'sync':
      // Connected afresh (or too far behind to replay): whatever messaging data is on screen is read again.
      refetchSoon('threads', () => utils.messages.threads.invalidate());
      refetchSoon('conversations', () => utils.messages.conversation.invalidate());
      refetchSoon('notifications', () => utils.notifications.list.invalidate());
      refetchSoon('requests', () => utils.requests.list.invalidate());
      refetchSoon('bookings', () => utils.bookings.invalidate());
      // A claim may have been decided while the stream was away.
      refreshClaimsAndListings(utils, refetchSoon);
      return;
    case 'message':
      addMessageToConversation(utils, event.message);
      refetchSoon('threads', () => utils.messages.threads.invalidate());
      // A vendor's first reply answers the availability request shown on the customer's home.
      if (!event.message.mine) refetchSoon('requests', () => utils.requests.list.invalidate());
      return;
    case 'seen':
      markMessagesSeen(utils, event.threadId, new Set(event.messageIds), new Date());
      // The seen times themselves come with the conversation.
      refetchSoon(`conversation:${event.threadId}`, () =>
        utils.messages.conversation.invalidate({ threadId: event.threadId }),
      );
      refetchSoon('threads', () => utils.messages.threads.invalidate());
      return;
    case 'thread':
      refetchSoon(`conversation:${event.threadId}`, () =>
        utils.messages.conversation.invalidate({ threadId: event.threadId }),
      );
      refetchSoon('threads', () => utils.messages.threads.invalidate());
      // A quote or booking of the thread's request changed (issue 29): its cards and lists are read again.
      refetchSoon('bookings', () => utils.bookings.invalidate());
      return;
    case 'guests':
      // A guest list changed (an answer from an RSVP page, a circle-mate's edit): its rows and counts
      // are read again, on the Guests tab and wherever a count is proposed.
      refetchSoon('guests', () => utils.guests.invalidate());
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
      refetchSoon('notifications', () => utils.notifications.list.invalidate());
      refetchSoon('requests', () => utils.requests.list.invalidate());
      if (event.notification.kind === 'booking') {
        refetchSoon('bookings', () => utils.bookings.invalidate());
        refetchSoon('deposits', () => utils.deposits.invalidate());
      }
      if (event.notification.kind === 'admin_notice') {
        // An admin hid or showed one of the user's listings: the dashboard says so at once.
        refreshClaimsAndListings(utils, refetchSoon);
      }
      if (event.notification.kind === 'claim_decided') {
        refreshClaimsAndListings(utils, refetchSoon);
        // An approval turns a customer account into a vendor account: the navigation follows the role.
        refetchSoon('session', () => utils.auth.session.invalidate());
      }
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
  // The stream closes as a sign-out starts, so it cannot reconnect into the ended session.
  const signingOut = useSigningOut();

  const subscription = trpc.messages.events.useSubscription(input, {
    enabled: !signingOut,
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
    if (signingOut || (status !== 'error' && status !== 'idle')) return;
    const timer = window.setTimeout(() => {
      attempts.current += 1;
      const lastEventId = resumeFrom.get(userId) ?? null;
      if (lastEventId !== input.lastEventId) setInput({ lastEventId });
      else reset();
    }, retryDelay(attempts.current));
    return () => window.clearTimeout(timer);
  }, [signingOut, status, userId, input.lastEventId, reset]);

  // While signing out the stream is closed on purpose: polling in its place would only be refused.
  return (
    <LiveConnected.Provider value={status === 'pending' || signingOut}>{children}</LiveConnected.Provider>
  );
}
