import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db';

/**
 * Who may see and edit a guest list (decision 043): the main event's owner, and the active members of
 * the owner's family circle (both holding the circle's label now, as every circle check does). A
 * pending, declined or departed member, and anyone else, finds nothing: the same answer as for an
 * event that does not exist.
 */
export interface GuestListEvent {
  /** The main event: the list's owner. */
  id: string;
  userId: string;
  title: string;
  /** The (sub-)event the caller named. */
  namedEventId: string;
}

/** The user's circle-mates and the user, as a SQL set of user ids (active, current label). */
function peopleWhoShareWith(userId: string) {
  return sql<string>`(
    select ${userId}::uuid
    union
    select other.user_id
      from family_memberships mine
      join family_circles c on c.id = mine.circle_id
      join users me on me.id = mine.user_id and me.family_label = c.label
      join family_memberships other on other.circle_id = mine.circle_id and other.status = 'active'
      join users them on them.id = other.user_id and them.family_label = c.label
     where mine.user_id = ${userId}::uuid and mine.status = 'active'
  )`;
}

/** The main event of the (sub-)event `eventId`, when the user may touch its guest list. */
export async function findGuestListEvent(
  db: Db,
  eventId: string,
  userId: string,
): Promise<GuestListEvent | undefined> {
  return db
    .selectFrom('events as named')
    .innerJoin('events as main', (join) =>
      join.on((eb) => eb('main.id', '=', eb.fn.coalesce('named.parentEventId', 'named.id'))),
    )
    .select(['main.id', 'main.userId', 'main.title', 'named.id as namedEventId'])
    .where('named.id', '=', eventId)
    .where(sql<boolean>`main.user_id in ${peopleWhoShareWith(userId)}`)
    .executeTakeFirst();
}

/** The main event of the list a guest is on, when the user may touch it. */
export async function findGuestListOfGuest(db: Db, guestId: string, userId: string) {
  const row = await db.selectFrom('guests').select('eventId').where('id', '=', guestId).executeTakeFirst();
  return row ? findGuestListEvent(db, row.eventId, userId) : undefined;
}

/** The main event of the list a household is on, when the user may touch it. */
export async function findGuestListOfHousehold(db: Db, householdId: string, userId: string) {
  const row = await db
    .selectFrom('households')
    .select('eventId')
    .where('id', '=', householdId)
    .executeTakeFirst();
  return row ? findGuestListEvent(db, row.eventId, userId) : undefined;
}

/** The ids of the main event and its sub-events: the events a list's invitations may name. */
export async function listEventIdsOfList(db: Db, mainEventId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('events')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', mainEventId), eb('parentEventId', '=', mainEventId)]))
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Everyone who may see the list of an event owned by `ownerId`: the owner and the owner's active
 * circle-mates. Who is told of an answer (live events, the bell, the daily summary).
 */
export async function listGuestListPeople(db: Db, ownerId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where(sql<boolean>`id in ${peopleWhoShareWith(ownerId)}`)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}
