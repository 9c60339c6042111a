import { type ExpressionBuilder, sql } from 'kysely';
import type { NotificationDto } from '../../../shared/schemas/messages';
import { countOf } from '../../platform/db/aggregates';
import type { Db } from '../../platform/db/create-db';
import type { Database } from '../../platform/db/types';

/**
 * The user's notifications they may still read: one about a conversation (a new message carries its
 * text) only while they are a party of it, so a vendor whose claim was revoked no longer reads the
 * listing's messages in the bell, its unread count or a stream's replay.
 */
function readableBy(userId: string) {
  return (eb: ExpressionBuilder<Database, 'notifications'>) =>
    eb.and([
      eb('notifications.userId', '=', userId),
      eb.or([
        eb('notifications.threadId', 'is', null),
        eb.exists(
          eb
            .selectFrom('messageThreads as t')
            .innerJoin('vendors as v', 'v.id', 't.vendorId')
            .select(sql<number>`1`.as('one'))
            .whereRef('t.id', '=', 'notifications.threadId')
            .where((w) => w.or([w('t.customerId', '=', userId), w('v.ownerId', '=', userId)])),
        ),
      ]),
    ]);
}

function notificationColumns(db: Db, userId: string) {
  return db
    .selectFrom('notifications')
    .select(['id', 'kind', 'title', 'body', 'link', 'threadId', 'about', 'readAt', 'createdAt', 'updatedAt'])
    .where(readableBy(userId));
}

/** An item as callers read it: `about` only where the item has one (items written before have none). */
function dtoOf({
  about,
  ...row
}: Awaited<ReturnType<ReturnType<typeof notificationColumns>['execute']>>[number]) {
  return (about ? { ...row, about } : row) satisfies NotificationDto;
}

/** The user's notifications by id; others' and missing ids are left out. */
export async function notificationDtosByIds(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<NotificationDto[]> {
  if (ids.length === 0) return [];
  const rows = await notificationColumns(db, userId).where('id', 'in', ids).execute();
  return rows.map(dtoOf);
}

/** The newest notifications first. */
export async function latestNotifications(db: Db, userId: string, limit: number): Promise<NotificationDto[]> {
  const rows = await notificationColumns(db, userId)
    .orderBy('updatedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(dtoOf);
}

export async function unreadNotificationCount(db: Db, userId: string): Promise<number> {
  return countOf(db.selectFrom('notifications').where(readableBy(userId)).where('readAt', 'is', null));
}
