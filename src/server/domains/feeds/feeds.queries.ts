import type { Db } from '../../platform/db/create-db';
import { circleEventsQuery, findActiveCircle } from '../family/family.queries';

/** Every statement of the calendar feeds (issue 28). Tokens arrive here already hashed. */

/** Makes the user's feed, or replaces it (a new token, so the old address stops working at once). */
export async function upsertFeed(db: Db, userId: string, tokenHash: string, includeTimes: boolean) {
  return db
    .insertInto('calendarFeeds')
    .values({ userId, tokenHash, includeTimes })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ tokenHash, includeTimes, createdAt: new Date() }))
    .returning(['includeTimes', 'createdAt'])
    .executeTakeFirstOrThrow();
}

export async function deleteFeed(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('calendarFeeds').where('userId', '=', userId).execute();
}

export async function findFeedOfUser(db: Db, userId: string) {
  return db
    .selectFrom('calendarFeeds')
    .select(['includeTimes', 'createdAt'])
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export async function findFeedByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('calendarFeeds')
    .select(['userId', 'includeTimes', 'createdAt'])
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

/** What a calendar item of one's own event is made of. */
const ownItemColumns = [
  'events.id',
  'events.title',
  'events.venue',
  'events.notes',
  'events.date',
  'events.time',
  'events.updatedAt',
  'events.placeId',
  'events.timeZone',
  'events.durationMinutes',
] as const;

/**
 * What an item of a relative's event is made of: what the circle's list shows (no notes; decision
 * 007 shares the events, not the planning) and when it last changed.
 */
const circleItemColumns = [
  'events.id',
  'events.title',
  'events.venue',
  'events.date',
  'events.time',
  'events.updatedAt',
  'events.placeId',
  'events.timeZone',
  'events.durationMinutes',
  'u.id as ownerId',
] as const;

export async function listOwnEventsForFeed(db: Db, userId: string) {
  return db
    .selectFrom('events')
    .select(ownItemColumns)
    .where('events.userId', '=', userId)
    .orderBy('events.date')
    .orderBy('events.id')
    .execute();
}

/** The events of the user's family circle, as the circle's list shows them; none unless an active member. */
export async function listCircleEventsForFeed(db: Db, userId: string) {
  const circle = await findActiveCircle(db, userId);
  if (!circle) return [];
  return circleEventsQuery(db, circle.id, circle.label)
    .select(circleItemColumns)
    .orderBy('events.date')
    .orderBy('events.id')
    .execute();
}

export async function findOwnEventForFile(db: Db, eventId: string, userId: string) {
  return db
    .selectFrom('events')
    .select(ownItemColumns)
    .where('events.id', '=', eventId)
    .where('events.userId', '=', userId)
    .executeTakeFirst();
}

/** A relative's event, if the user is an active member of a circle it belongs to. */
export async function findCircleEventForFile(db: Db, eventId: string, userId: string) {
  const circle = await findActiveCircle(db, userId);
  if (!circle) return undefined;
  return circleEventsQuery(db, circle.id, circle.label)
    .select(circleItemColumns)
    .where('events.id', '=', eventId)
    .executeTakeFirst();
}

/** A shared event, as its public page shows it (no notes), only while its link is on. */
export async function findSharedEventForFile(db: Db, shareId: string) {
  return db
    .selectFrom('events')
    .select([
      'shareId',
      'title',
      'venue',
      'date',
      'time',
      'updatedAt',
      'placeId',
      'timeZone',
      'durationMinutes',
    ])
    .where('shareId', '=', shareId)
    .where('isPublic', '=', true)
    .executeTakeFirst();
}
