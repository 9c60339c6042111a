import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { englishNotification, type NotificationAbout } from '../../../shared/coded-sentences';
import { isAppPath } from '../../../shared/links';
import { MESSAGING_LIMITS, MESSAGING_MESSAGES, type NotificationDto } from '../../../shared/schemas/messages';
import { clipText } from '../../../shared/text';
import type { Db } from '../../platform/db/create-db';
import { inTransaction } from '../../platform/db/transaction';
import type { NotificationKind } from '../../platform/db/types';
import { appendLiveEvents, type NewLiveEvent } from '../../platform/live/live-events';
import { latestNotifications, notificationDtosByIds, unreadNotificationCount } from './notifications.queries';

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  /** What it says: the English title (and line, where the code writes one) are made from it. */
  about: NotificationAbout;
  /** The line when the code writes none: a person's own words (a message's preview, a reason). */
  body?: string;
  /** A path of the app the item opens. */
  link: string;
  /** Notifications about a thread keep one unread item per thread and kind, updated by the next one. */
  threadId?: string | null;
}

/**
 * The stored columns of what an item says: the English title and line REST callers read, and the code
 * and values a client says in its reader's language.
 */
export function notificationTexts(n: { about: NotificationAbout; body?: string }) {
  const english = englishNotification(n.about);
  return {
    title: clipText(english.title, 200),
    body: clipText(english.body ?? n.body ?? '', 500),
    about: JSON.stringify(n.about),
  };
}

/**
 * Records a notification in the caller's transaction and returns the live event that announces it
 * (append it with the transaction's other live events, last). A thread's unread item of the same
 * kind is updated and moved to the top instead of adding a second one. The link must be a path of
 * the app (the bell follows it in place): the server builds every link, so anything else is a bug.
 */
export async function notify(trx: Db, n: NewNotification): Promise<NewLiveEvent> {
  if (!isAppPath(n.link) || n.link.length > 300) {
    throw new Error(`notification link ${JSON.stringify(n.link)} is not a path of the app`);
  }
  const values = {
    userId: n.userId,
    kind: n.kind,
    ...notificationTexts(n),
    link: n.link,
    threadId: n.threadId ?? null,
  };
  const now = sql<Date>`now()`;
  const row = n.threadId
    ? await trx
        .insertInto('notifications')
        .values(values)
        .onConflict((oc) =>
          oc
            .columns(['userId', 'threadId', 'kind'])
            .where('readAt', 'is', null)
            .where('threadId', 'is not', null)
            .doUpdateSet({
              title: values.title,
              body: values.body,
              about: values.about,
              link: values.link,
              updatedAt: now,
            }),
        )
        .returning('id')
        .executeTakeFirstOrThrow()
    : await trx.insertInto('notifications').values(values).returning('id').executeTakeFirstOrThrow();
  return { userId: n.userId, kind: 'notification', ref: { notificationId: row.id } };
}

/**
 * Marks the user's unread notifications read: all of them, or those about a thread, or the one with
 * an id. Returns the ids it changed.
 */
function markUnreadRead(trx: Db, userId: string, which: { threadId?: string; id?: string } = {}) {
  let unread = trx
    .updateTable('notifications')
    .set({ readAt: sql<Date>`now()` })
    .where('userId', '=', userId)
    .where('readAt', 'is', null);
  if (which.threadId !== undefined) unread = unread.where('threadId', '=', which.threadId);
  if (which.id !== undefined) unread = unread.where('id', '=', which.id);
  return unread.returning('id').execute();
}

/** Marks the user's unread notifications about a thread read (they opened it); returns live events. */
export async function readThreadNotifications(
  trx: Db,
  userId: string,
  threadId: string,
): Promise<NewLiveEvent[]> {
  const rows = await markUnreadRead(trx, userId, { threadId });
  return rows.map((r) => ({ userId, kind: 'notification' as const, ref: { notificationId: r.id } }));
}

export async function listNotifications(db: Db, userId: string) {
  const [items, unreadCount] = await Promise.all([
    latestNotifications(db, userId, MESSAGING_LIMITS.notificationsPage),
    unreadNotificationCount(db, userId),
  ]);
  return { items, unreadCount };
}

/** Marks one of the user's notifications read; only a change (it was unread) is announced live. */
export async function markNotificationRead(db: Db, userId: string, id: string): Promise<NotificationDto> {
  return inTransaction(db, async (trx) => {
    // A concurrent mark of the same item waits for this one and then finds it read: one event.
    const marked = await markUnreadRead(trx, userId, { id });
    const [dto] = await notificationDtosByIds(trx, userId, [id]);
    if (!dto) throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGING_MESSAGES.notificationNotFound });
    if (marked.length > 0) {
      await appendLiveEvents(trx, [{ userId, kind: 'notification', ref: { notificationId: id } }]);
    }
    return dto;
  });
}

export async function markAllNotificationsRead(db: Db, userId: string): Promise<{ updated: number }> {
  return inTransaction(db, async (trx) => {
    const rows = await markUnreadRead(trx, userId);
    if (rows.length > 0) {
      // One event is enough: it carries the new totals, and the client refetches its list.
      await appendLiveEvents(trx, [
        { userId, kind: 'notification', ref: { notificationId: (rows[0] as { id: string }).id } },
      ]);
    }
    return { updated: rows.length };
  });
}
