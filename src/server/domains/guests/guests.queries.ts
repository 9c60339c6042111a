import { sql } from 'kysely';
import type {
  GuestCountsDto,
  GuestDto,
  GuestSummaryDto,
  HouseholdDto,
  InvitationDto,
} from '../../../shared/schemas/guests';
import type { Db } from '../../platform/db/create-db';

/** What a guest row shows, with its household's name. */
const guestColumns = [
  'guests.id',
  'guests.eventId',
  'guests.householdId',
  'households.name as householdName',
  'guests.name',
  'guests.email',
  'guests.phone',
  'guests.side',
  'guests.tags',
  'guests.meal',
  'guests.dietaryNote',
  'guests.kashrutStandard',
  'guests.tableName',
  'guests.plusOneOf',
  'guests.version',
  'guests.createdAt',
  'guests.updatedAt',
] as const;

/** The invitations of the guests, main event first and then sub-events by date. */
async function invitationsOf(db: Db, guestIds: string[]): Promise<Map<string, InvitationDto[]>> {
  const byGuest = new Map<string, InvitationDto[]>();
  if (guestIds.length === 0) return byGuest;
  const rows = await db
    .selectFrom('guestInvitations as gi')
    .innerJoin('events as e', 'e.id', 'gi.eventId')
    .select(['gi.guestId', 'gi.eventId', 'gi.rsvp', 'gi.meal', 'gi.dietaryNote', 'gi.answeredAt'])
    .where('gi.guestId', 'in', guestIds)
    .orderBy(sql`e.parent_event_id is not null`)
    .orderBy('e.date')
    .orderBy('e.id')
    .execute();
  for (const { guestId, ...invitation } of rows) {
    const list = byGuest.get(guestId) ?? [];
    list.push(invitation);
    byGuest.set(guestId, list);
  }
  return byGuest;
}

function guestsQuery(db: Db) {
  return db
    .selectFrom('guests')
    .innerJoin('households', 'households.id', 'guests.householdId')
    .select(guestColumns);
}

/** The guest list of a main event, by household name, then guest name. */
export async function listGuests(db: Db, mainEventId: string): Promise<GuestDto[]> {
  const rows = await guestsQuery(db)
    .where('guests.eventId', '=', mainEventId)
    .orderBy('households.name')
    .orderBy('households.id')
    .orderBy('guests.name')
    .orderBy('guests.id')
    .execute();
  const invitations = await invitationsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, invitations: invitations.get(row.id) ?? [] }));
}

/** One guest as every answer shows it, or undefined when there is none. */
export async function findGuest(db: Db, guestId: string): Promise<GuestDto | undefined> {
  const row = await guestsQuery(db).where('guests.id', '=', guestId).executeTakeFirst();
  if (!row) return undefined;
  const invitations = await invitationsOf(db, [row.id]);
  return { ...row, invitations: invitations.get(row.id) ?? [] };
}

function householdsQuery(db: Db) {
  return db
    .selectFrom('households')
    .select([
      'households.id',
      'households.eventId',
      'households.name',
      'households.plusOnesAllowed',
      'households.messageToHosts',
      'households.answeredAt',
      'households.invitedAt',
      'households.remindedAt',
      'households.version',
      'households.createdAt',
      sql<boolean>`exists (select 1 from rsvp_links l where l.household_id = households.id and l.revoked_at is null)`.as(
        'hasLink',
      ),
      sql<number>`(select count(*)::int from guests g where g.household_id = households.id)`.as('guestCount'),
    ]);
}

/** The households of a main event's list, by name. */
export async function listHouseholds(db: Db, mainEventId: string): Promise<HouseholdDto[]> {
  return householdsQuery(db)
    .where('households.eventId', '=', mainEventId)
    .orderBy('households.name')
    .orderBy('households.id')
    .execute();
}

export async function findHousehold(db: Db, householdId: string): Promise<HouseholdDto | undefined> {
  return householdsQuery(db).where('households.id', '=', householdId).executeTakeFirst();
}

/** How many guests a main event's list holds. */
export async function countGuests(db: Db, mainEventId: string): Promise<number> {
  const row = await db
    .selectFrom('guests')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('eventId', '=', mainEventId)
    .executeTakeFirstOrThrow();
  return row.n;
}

const mealCount = (meal: string) =>
  sql<number>`count(*) filter (where gi.rsvp = 'attending' and coalesce(gi.meal, g.meal) = ${meal})::int`;

/**
 * The counts of a list, per (sub-)event, in one grouped statement over the rows themselves (decision
 * 043): never counters kept beside them. Events without invitations appear with zeros. The main event
 * comes first, then its sub-events by date.
 */
export async function guestSummary(db: Db, mainEventId: string): Promise<GuestSummaryDto> {
  const rows = await db
    .selectFrom('events as e')
    .leftJoin('guestInvitations as gi', 'gi.eventId', 'e.id')
    .leftJoin('guests as g', 'g.id', 'gi.guestId')
    .select([
      'e.id as eventId',
      'e.title',
      sql<number>`count(gi.guest_id)::int`.as('invited'),
      sql<number>`count(*) filter (where gi.rsvp = 'attending')::int`.as('attending'),
      sql<number>`count(*) filter (where gi.rsvp = 'declined')::int`.as('declined'),
      sql<number>`count(*) filter (where gi.rsvp in ('invited', 'no_answer'))::int`.as('awaiting'),
      mealCount('meat').as('meat'),
      mealCount('dairy').as('dairy'),
      mealCount('fish').as('fish'),
      mealCount('vegetarian').as('vegetarian'),
      mealCount('vegan').as('vegan'),
      mealCount('children').as('children'),
      sql<number>`count(*) filter (where gi.rsvp = 'attending' and coalesce(gi.meal, g.meal) is null)::int`.as(
        'unspecified',
      ),
      sql<number>`(select count(*)::int from guests where guests.event_id = ${mainEventId})`.as('guestTotal'),
      sql<number>`(select count(*)::int from households where households.event_id = ${mainEventId})`.as(
        'householdTotal',
      ),
    ])
    .where((eb) => eb.or([eb('e.id', '=', mainEventId), eb('e.parentEventId', '=', mainEventId)]))
    .groupBy('e.id')
    .orderBy(sql`e.parent_event_id is not null`)
    .orderBy('e.date')
    .orderBy('e.id')
    .execute();
  const first = rows[0];
  return {
    eventId: mainEventId,
    guests: first?.guestTotal ?? 0,
    households: first?.householdTotal ?? 0,
    events: rows.map(
      (r): GuestCountsDto => ({
        eventId: r.eventId,
        title: r.title,
        invited: r.invited,
        attending: r.attending,
        declined: r.declined,
        awaiting: r.awaiting,
        meals: {
          meat: r.meat,
          dairy: r.dairy,
          fish: r.fish,
          vegetarian: r.vegetarian,
          vegan: r.vegan,
          children: r.children,
          unspecified: r.unspecified,
        },
      }),
    ),
  };
}
