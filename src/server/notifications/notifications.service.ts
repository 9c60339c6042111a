import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { MESSAGING_LIMITS, MESSAGING_MESSAGES, type NotificationDto } from '../../shared/schemas/messages';
import type { Db } from '../db/create-db';
import { inTransaction } from '../db/transaction';
import type { NotificationKind } from '../db/types';
import { appendLiveEvents, type NewLiveEvent } from '../live/live-events';
import { latestNotifications, notificationDtosByIds, unreadNotificationCount } from './notifications.queries';

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  title: string;
  body?: string;
  /** A path of the app the item opens. */
  link: string;
  /** Notifications about a thread keep one unread item per thread and kind, updated by the next one. */
  threadId?: string | null;
}

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/**
 * Records a notification in the caller's transaction and returns the live event that announces it
 * (append it with the transaction's other live events, last). A thread's unread item of the same
 * kind is updated and moved to the top instead of adding a second one.
 */
export async function notify(trx: Db, n: NewNotification): Promise<NewLiveEvent> {
  const values = {
    userId: n.userId,
    kind: n.kind,
    title: clip(n.title, 200),
    body: clip(n.body ?? '', 500),
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
            .doUpdateSet({ title: values.title, body: values.body, link: values.link, updatedAt: now }),
        )
        .returning('id')
        .executeTakeFirstOrThrow()
    : await trx.insertInto('notifications').values(values).returning('id').executeTakeFirstOrThrow();
  return { userId: n.userId, kind: 'notification', ref: { notificationId: row.id } };
}

/** Marks the user's unread notifications about a thread read (they opened it); returns live events. */
export async function readThreadNotifications(
  trx: Db,
  userId: string,
  threadId: string,
): Promise<NewLiveEvent[]> {
  const rows = await trx
    .updateTable('notifications')
    .set({ readAt: sql<Date>`now()` })
    .where('userId', '=', userId)
    .where('threadId', '=', threadId)
    .where('readAt', 'is', null)
    .returning('id')
    .execute();
  return rows.map((r) => ({ userId, kind: 'notification' as const, ref: { notificationId: r.id } }));
}

export async function listNotifications(db: Db, userId: string) {
  const [items, unreadCount] = await Promise.all([
    latestNotifications(db, userId, MESSAGING_LIMITS.notificationsPage),
    unreadNotificationCount(db, userId),
  ]);
  return { items, unreadCount };
}

export async function markNotificationRead(db: Db, userId: string, id: string): Promise<NotificationDto> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .updateTable('notifications')
      .set({ readAt: sql<Date>`coalesce(read_at, now())` })
      .where('id', '=', id)
      .where('userId', '=', userId)
      .returning(['id', 'readAt'])
      .executeTakeFirst();
    if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: MESSAGING_MESSAGES.notificationNotFound });
    await appendLiveEvents(trx, [{ userId, kind: 'notification', ref: { notificationId: id } }]);
    const [dto] = await notificationDtosByIds(trx, userId, [id]);
    return dto as NotificationDto;
  });
}

export async function markAllNotificationsRead(db: Db, userId: string): Promise<{ updated: number }> {
  return inTransaction(db, async (trx) => {
    const rows = await trx
      .updateTable('notifications')
      .set({ readAt: sql<Date>`now()` })
      .where('userId', '=', userId)
      .where('readAt', 'is', null)
      .returning('id')
      .execute();
    if (rows.length > 0) {
      // One event is enough: it carries the new totals, and the client refetches its list.
      await appendLiveEvents(trx, [
        { userId, kind: 'notification', ref: { notificationId: (rows[0] as { id: string }).id } },
      ]);
    }
    return { updated: rows.length };
  });
}
