import { sql, type Updateable } from 'kysely';
import type { Db } from '../../platform/db/create-db';
import { prepared } from '../../platform/db/prepared';
import type { EventsTable } from '../../platform/db/types';

/** What an event shows where it is one in a list of others (a family circle's calendar). */
export const eventSummaryColumns = [
  'events.id',
  'events.title',
  'events.type',
  'events.date',
  'events.time',
  'events.venue',
] as const;

const eventColumns = [
  ...eventSummaryColumns,
  'events.notes',
  'events.imageUrl',
  'events.isPublic',
  'events.shareId',
  'events.createdAt',
  'events.version',
  'events.placeId',
  'events.timeZone',
  'events.durationMinutes',
  'events.parentEventId',
] as const;

/** Task counts and deposit sums of each event, computed in the same statement as the event. */
const progressColumns = [
  sql<number>`(select count(*)::int from tasks where tasks.event_id = events.id)`.as('totalTasks'),
  sql<number>`(select count(*)::int from tasks where tasks.event_id = events.id and tasks.completed)`.as(
    'completedTasks',
  ),
  sql<string>`(select coalesce(sum(amount) filter (where paid), 0)::numeric(12, 2)::text from deposits where deposits.event_id = events.id)`.as(
    'paidAmount',
  ),
  sql<string>`(select coalesce(sum(amount), 0)::numeric(12, 2)::text from deposits where deposits.event_id = events.id)`.as(
    'totalDeposits',
  ),
];

function eventsWithProgress(db: Db) {
  return db.selectFrom('events').select(eventColumns).select(progressColumns);
}

/** The events of a user, soonest first: the planner's first read, so prepared. */
export const listEventsOfUser = prepared(1, (db: Db, userId: string) =>
  eventsWithProgress(db).where('events.userId', '=', userId).orderBy('events.date').orderBy('events.id'),
);

/** The event if the user owns it; someone else's event is indistinguishable from a missing one. */
export async function findOwnEvent(db: Db, eventId: string, userId: string) {
  return eventsWithProgress(db)
    .where('events.id', '=', eventId)
    .where('events.userId', '=', userId)
    .executeTakeFirst();
}

/**
 * Applies changes to the user's event if it is still at `version`, raising the version by one, and
 * answers the row as this statement wrote it (progress included); undefined when no row matched.
 */
export async function updateOwnEventAt(
  db: Db,
  eventId: string,
  userId: string,
  /** The version the edit was made from; undefined: whatever the row's is now. */
  version: number | undefined,
  changes: Updateable<EventsTable>,
) {
  return db
    .updateTable('events')
    .set({ ...changes, version: sql<number>`version + 1`, updatedAt: new Date() })
    .where('events.id', '=', eventId)
    .where('events.userId', '=', userId)
    .$if(version !== undefined, (q) => q.where('events.version', '=', version as number))
    .returning(eventColumns)
    .returning(progressColumns)
    .executeTakeFirst();
}

export async function findPublicEventByShareId(db: Db, shareId: string) {
  return db
    .selectFrom('events')
    .select(['title', 'type', 'date', 'time', 'venue', 'imageUrl'])
    .where('shareId', '=', shareId)
    .where('isPublic', '=', true)
    .executeTakeFirst();
}

export type PlanningTable = 'tasks' | 'deposits' | 'memos';

/** Whether a task, deposit or memo exists and belongs to an event of the user. */
export async function ownsPlanningItem(
  db: Db,
  table: PlanningTable,
  itemId: string,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .innerJoin('events', 'events.id', `${table}.eventId`)
    .select(`${table}.id`)
    .where(`${table}.id`, '=', itemId)
    .where('events.userId', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export const taskColumns = [
  'id',
  'eventId',
  'title',
  'description',
  'dueDate',
  'completed',
  'createdAt',
  'version',
] as const;
export const depositColumns = [
  'id',
  'eventId',
  'vendorName',
  'amount',
  'dueDate',
  'paid',
  'paidDate',
  'createdAt',
  'version',
] as const;
export const memoColumns = ['id', 'eventId', 'title', 'content', 'createdAt', 'version'] as const;

export async function listTasks(db: Db, eventId: string) {
  return db
    .selectFrom('tasks')
    .select(taskColumns)
    .where('eventId', '=', eventId)
    .orderBy(sql`due_date asc nulls last`)
    .orderBy('createdAt')
    .execute();
}

export async function listDeposits(db: Db, eventId: string) {
  return db
    .selectFrom('deposits')
    .select(depositColumns)
    .where('eventId', '=', eventId)
    .orderBy('dueDate')
    .orderBy('createdAt')
    .execute();
}

export async function listMemos(db: Db, eventId: string) {
  return db
    .selectFrom('memos')
    .select(memoColumns)
    .where('eventId', '=', eventId)
    .orderBy('createdAt', 'desc')
    .execute();
}
