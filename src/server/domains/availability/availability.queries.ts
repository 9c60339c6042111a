import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db';
import type { CalendarEntryStatus, DayPart } from '../../platform/db/types';

/** A civil date as its text (the driver would make a Date of it at UTC midnight). */
const dayText = sql<string>`day::text`.as('day');

/** What the calendar needs of a listing: where it is (its clock) and its calendar's settings. */
const listingColumns = [
  'id',
  'ownerId',
  'latitude',
  'longitude',
  'timeZone',
  'city',
  'state',
  'businessName',
  'dailyCapacity',
  'calendarStatedAt',
  'calendarVersion',
] as const;

/**
 * The user's listing of that id, or their first listing without one: the same choice as the vendors
 * domain's findVendorOwnedBy ("my listing"). `lock`: held until the transaction ends, so two saves of
 * one calendar run one after the other.
 */
export async function findOwnedListing(db: Db, userId: string, vendorId?: string, lock = false) {
  let query = db.selectFrom('vendors').select(listingColumns).where('ownerId', '=', userId);
  if (vendorId) query = query.where('id', '=', vendorId);
  query = query.orderBy('createdAt').orderBy('id').limit(1);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** A listing the public may see (a hidden one answers as if it did not exist). */
export async function findVisibleListing(db: Db, id: string) {
  return db
    .selectFrom('vendors')
    .select(listingColumns)
    .where('id', '=', id)
    .where('hidden', '=', false)
    .executeTakeFirst();
}

export type CalendarListing = NonNullable<Awaited<ReturnType<typeof findVisibleListing>>>;

export async function entriesBetween(db: Db, vendorId: string, from: string, to: string) {
  return db
    .selectFrom('vendorCalendarEntries')
    .select([dayText, 'part', 'status', 'capacity', 'note'])
    .where('vendorId', '=', vendorId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .orderBy(sql`array_position(array['day','morning','afternoon','evening'], part)`)
    .execute();
}

/** The public's part of the entries: no notes, and only what makes a part unavailable. */
export async function unavailablePartsBetween(db: Db, vendorId: string, from: string, to: string) {
  return db
    .selectFrom('vendorCalendarEntries')
    .select([dayText, 'part'])
    .where('vendorId', '=', vendorId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .where('part', '!=', 'day')
    .where('status', 'in', ['booked', 'held', 'closed'])
    .execute();
}

export async function daysBetween(db: Db, vendorId: string, from: string, to: string) {
  return db
    .selectFrom('vendorDays')
    .select([dayText, 'capacity', 'capacityStated', 'taken'])
    .where('vendorId', '=', vendorId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
}

/**
 * Locks every room of the listing from `today` on, then adds rows for the named days (at the listing's
 * daily capacity) where none was, and answers the named days' rooms. The locks come before any write:
 * a write of vendor_days or vendors advances the vendors table's version (a row lock held until the
 * transaction ends), and a booking takes its day's row before the version, so a save that held the
 * version while waiting for a day's row would deadlock with it.
 */
export async function lockDays(trx: Db, vendorId: string, today: string, days: string[]) {
  await trx
    .selectFrom('vendorDays')
    .select('vendorId')
    .where('vendorId', '=', vendorId)
    .where('day', '>=', today)
    .forUpdate()
    .execute();
  if (days.length === 0) return [];
  await sql`INSERT INTO vendor_days (vendor_id, day, capacity)
    SELECT v.id, d, v.daily_capacity FROM vendors v, unnest(${days}::date[]) d WHERE v.id = ${vendorId}
    ON CONFLICT (vendor_id, day) DO NOTHING`.execute(trx);
  return trx
    .selectFrom('vendorDays')
    .select([dayText, 'capacity', 'capacityStated', 'taken'])
    .where('vendorId', '=', vendorId)
    .where('day', 'in', days)
    .forUpdate()
    .execute();
}

export async function entriesOn(trx: Db, vendorId: string, days: string[]) {
  if (days.length === 0) return [];
  return trx
    .selectFrom('vendorCalendarEntries')
    .select([dayText, 'part', 'status'])
    .where('vendorId', '=', vendorId)
    .where('day', 'in', days)
    .execute();
}

export interface NewEntry {
  day: string;
  part: DayPart;
  status: CalendarEntryStatus;
  capacity: number | null;
  note: string | null;
}

/** Replaces every entry of the days with `entries`. */
export async function replaceEntries(
  trx: Db,
  vendorId: string,
  days: string[],
  entries: NewEntry[],
  now: Date,
) {
  if (days.length > 0)
    await trx
      .deleteFrom('vendorCalendarEntries')
      .where('vendorId', '=', vendorId)
      .where('day', 'in', days)
      .execute();
  if (entries.length > 0)
    await trx
      .insertInto('vendorCalendarEntries')
      .values(entries.map((e) => ({ vendorId, ...e, updatedAt: now })))
      .execute();
}

export interface DayRoom {
  day: string;
  capacity: number;
  capacityStated: boolean;
  taken: number;
}

/**
 * Sets the days' rooms in one statement, then drops the rows that say nothing a missing row would not
 * (nothing taken, the listing's daily capacity).
 */
export async function writeDays(trx: Db, vendorId: string, rooms: DayRoom[]) {
  if (rooms.length === 0) return;
  await sql`UPDATE vendor_days d SET capacity = r.capacity, capacity_stated = r.stated, taken = r.taken
    FROM unnest(${rooms.map((r) => r.day)}::date[], ${rooms.map((r) => r.capacity)}::smallint[],
      ${rooms.map((r) => r.capacityStated)}::boolean[], ${rooms.map((r) => r.taken)}::smallint[])
      AS r(day, capacity, stated, taken)
    WHERE d.vendor_id = ${vendorId} AND d.day = r.day`.execute(trx);
  await trx
    .deleteFrom('vendorDays')
    .where('vendorId', '=', vendorId)
    .where(
      'day',
      'in',
      rooms.map((r) => r.day),
    )
    .where('taken', '=', 0)
    .where('capacityStated', '=', false)
    .execute();
}

/** The listing's daily capacity, and its calendar stated (the first save states it). */
export async function stateCalendar(trx: Db, vendorId: string, dailyCapacity: number, now: Date) {
  await trx
    .updateTable('vendors')
    .set({
      dailyCapacity,
      calendarStatedAt: sql`coalesce(calendar_stated_at, ${now})`,
      calendarVersion: sql`calendar_version + 1`,
    })
    .where('id', '=', vendorId)
    .execute();
}

/** The first day from `today` whose bookings take more than `capacity` among days without a capacity of their own. */
export async function firstDayHeldBeyond(
  trx: Db,
  vendorId: string,
  today: string,
  capacity: number,
  except: string[],
) {
  let q = trx
    .selectFrom('vendorDays')
    .select([dayText, 'taken'])
    .where('vendorId', '=', vendorId)
    .where('day', '>=', today)
    .where('capacityStated', '=', false)
    .where('taken', '>', capacity);
  if (except.length > 0) q = q.where('day', 'not in', except);
  return q.orderBy('day').limit(1).executeTakeFirst();
}

/** Every day from `today` without a capacity of its own follows the listing's daily capacity. */
export async function followDailyCapacity(trx: Db, vendorId: string, today: string, capacity: number) {
  await trx
    .updateTable('vendorDays')
    .set({ capacity })
    .where('vendorId', '=', vendorId)
    .where('day', '>=', today)
    .where('capacityStated', '=', false)
    .where('capacity', '!=', capacity)
    .where('taken', '<=', capacity)
    .execute();
}
