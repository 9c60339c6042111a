import type { LiveEvent, UnreadTotals } from '../../../shared/schemas/messages';
import type { Db } from '../../platform/db/create-db';
import type { StoredLiveEvent } from '../../platform/live/live-events';
import type { LiveFeed, LiveUser, NumberedLiveEvent } from '../../platform/live/stream';
import { notificationDtosByIds, unreadNotificationCount } from '../notifications/notifications.queries';
import { messageDtosByIds, unreadMessageCount } from './messages.queries';

export async function unreadTotals(db: Db, user: LiveUser): Promise<UnreadTotals> {
  const [messages, notifications] = await Promise.all([
    unreadMessageCount(db, user),
    unreadNotificationCount(db, user.id),
  ]);
  return { messages, notifications };
}

/** Turns stored events (ids only) into what the client reads, from the rows as they are now. */
async function hydrate(
  db: Db,
  user: LiveUser,
  rows: StoredLiveEvent[],
): Promise<NumberedLiveEvent<LiveEvent>[]> {
  const messageIds = rows.flatMap((r) => (r.kind === 'message' && r.ref.messageId ? [r.ref.messageId] : []));
  const notificationIds = rows.flatMap((r) =>
    r.kind === 'notification' && r.ref.notificationId ? [r.ref.notificationId] : [],
  );
  const [messages, notifications, unread] = await Promise.all([
    messageDtosByIds(db, user.id, messageIds),
    notificationDtosByIds(db, user.id, notificationIds),
    unreadTotals(db, user),
  ]);
  const messageById = new Map(messages.map((m) => [m.id, m]));
  const notificationById = new Map(notifications.map((n) => [n.id, n]));
  const out: NumberedLiveEvent<LiveEvent>[] = [];
  for (const row of rows) {
    const id = String(row.seq);
    const threadId = row.ref.threadId;
    if (row.kind === 'message') {
      const message = row.ref.messageId ? messageById.get(row.ref.messageId) : undefined;
      // Gone since (its thread was deleted): the client refreshes the thread instead.
      if (message) out.push({ id, event: { kind: 'message', threadId: message.threadId, message, unread } });
      else if (threadId) out.push({ id, event: { kind: 'thread', threadId, unread } });
    } else if (row.kind === 'seen' && threadId) {
      out.push({ id, event: { kind: 'seen', threadId, messageIds: row.ref.messageIds ?? [], unread } });
    } else if (row.kind === 'thread' && threadId) {
      out.push({ id, event: { kind: 'thread', threadId, unread } });
    } else if (row.kind === 'notification') {
      const notification = row.ref.notificationId ? notificationById.get(row.ref.notificationId) : undefined;
      if (notification) out.push({ id, event: { kind: 'notification', notification, unread } });
      else out.push({ id, event: { kind: 'sync', unread } });
    } else if (row.kind === 'guests' && row.ref.eventId) {
      out.push({ id, event: { kind: 'guests', eventId: row.ref.eventId, unread } });
    }
  }
  return out;
}

/**
 * The one live stream of a signed-in user: new messages, seen marks and thread changes of their
 * conversations, their notifications, and the unread totals with each.
 */
export const inboxFeed: LiveFeed<LiveEvent> = {
  hydrate,
  sync: async (db, user) => ({ kind: 'sync', unread: await unreadTotals(db, user) }),
};
