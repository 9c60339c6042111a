import type { NotificationDto } from '../../../shared/schemas/messages';
import { countOf } from '../../platform/db/aggregates';
import type { Db } from '../../platform/db/create-db';

function notificationColumns(db: Db) {
  return db
    .selectFrom('notifications')
    .select(['id', 'kind', 'title', 'body', 'link', 'threadId', 'readAt', 'createdAt', 'updatedAt']);
}

/** The user's notifications by id; others' and missing ids are left out. */
export async function notificationDtosByIds(
  db: Db,
  userId: string,
  ids: readonly string[],
): Promise<NotificationDto[]> {
  if (ids.length === 0) return [];
  return notificationColumns(db).where('userId', '=', userId).where('id', 'in', ids).execute();
}

/** The newest notifications first. */
export async function latestNotifications(db: Db, userId: string, limit: number): Promise<NotificationDto[]> {
  return notificationColumns(db)
    .where('userId', '=', userId)
    .orderBy('updatedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function unreadNotificationCount(db: Db, userId: string): Promise<number> {
  return countOf(db.selectFrom('notifications').where('userId', '=', userId).where('readAt', 'is', null));
}
