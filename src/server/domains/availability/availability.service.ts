import { TRPCError } from '@trpc/server';
import { ZodRealError, type z } from 'zod';
import { addDays } from '../../../shared/jewish-calendar';
import type { UserDto } from '../../../shared/schemas/auth';
import {
  AVAILABILITY_MAX_DAYS,
  AVAILABILITY_MESSAGES,
  type MyAvailabilityDto,
  type myAvailabilityInput,
  type PublicAvailabilityDto,
  type PublicDayDto,
  type publicAvailabilityInput,
  type RestHours,
  type updateMyAvailabilityInput,
} from '../../../shared/schemas/availability';
import type { Db } from '../../platform/db/create-db';
import { StaleWriteError } from '../../platform/db/stale-write';
import { inTransaction } from '../../platform/db/transaction';
import type { DayPart } from '../../platform/db/types';
import { listingClock } from '../observance/business-hours';
import { localParts } from '../observance/clock';
import { isRestDay, restDayName } from '../observance/tiers';
import {
  type CalendarListing,
  type DayRoom,
  daysBetween,
  entriesBetween,
  entriesOn,
  findOwnedListing,
  findVisibleListing,
  firstDayHeldBeyond,
  followDailyCapacity,
  lockDays,
  replaceEntries,
  stateCalendar,
  unavailablePartsBetween,
  writeDays,
} from './availability.queries';
import { restAtTime } from './free-on';

/**
 * A listing's calendar (issue 29). The owner states days and parts of days (see the part-of-day rule
 * in shared/schemas/availability.ts); each stated day's room is kept in vendor_days in the same
 * transaction: an owner's booked or held entry takes a slot as an app booking does (takeSlot), a
 * closed day has no room, and an open day's capacity overrides the listing's daily capacity. A
 * listing whose owner never saved their calendar is "not stated": none of its days is free.
 */

/** Today at the listing's place (its zone; UTC where it has none). */
export function listingToday(listing: CalendarListing, now: Date): string {
  return localParts(listingZone(listing), now.getTime()).date;
}

function listingZone(listing: CalendarListing): string {
  return listingClock(listing).place?.timeZone ?? 'UTC';
}

/** A 400 naming one field by its path (['entries', 2, 'day']), as a validation failure would. */
function fieldError(path: (string | number)[] | string, message: string): TRPCError {
  return new TRPCError({
    code: 'BAD_REQUEST',
    message,
    cause: new ZodRealError([
      { code: 'custom', path: typeof path === 'string' ? [path] : path, message, input: undefined },
    ]),
  });
}

const notOwned = (vendorId: string | undefined) =>
  new TRPCError({
    code: 'NOT_FOUND',
    message: vendorId ? AVAILABILITY_MESSAGES.notFound : AVAILABILITY_MESSAGES.noListing,
  });

/** One of the caller's listings (vendorId, or their first); someone else's answers as none at all. */
async function ownListing(db: Db, user: UserDto, vendorId: string | undefined, lock = false) {
  const listing = await findOwnedListing(db, user.id, vendorId, lock);
  if (!listing) throw notOwned(vendorId);
  return listing;
}

const lastDayFrom = (from: string) => addDays(from, AVAILABILITY_MAX_DAYS - 1);

/** The owner's entries and days' rooms from `from` (today at the listing's place) to `to`. */
export async function ownAvailability(
  db: Db,
  user: UserDto,
  input: z.output<typeof myAvailabilityInput>,
  now: Date,
): Promise<MyAvailabilityDto> {
  const listing = await ownListing(db, user, input.vendorId);
  return calendarOf(db, listing, input.from, input.to, now);
}

async function calendarOf(
  db: Db,
  listing: CalendarListing,
  from: string | undefined,
  to: string | undefined,
  now: Date,
): Promise<MyAvailabilityDto> {
  const today = listingToday(listing, now);
  const first = from ?? today;
  const last = to ?? lastDayFrom(first);
  const [entries, days] = await Promise.all([
    entriesBetween(db, listing.id, first, last),
    daysBetween(db, listing.id, first, last),
  ]);
  return {
    vendorId: listing.id,
    version: listing.calendarVersion,
    timeZone: listing.timeZone,
    today,
    dailyCapacity: listing.dailyCapacity,
    calendarStated: listing.calendarStatedAt !== null,
    from: first,
    to: last,
    entries,
    days: days.map(({ day, capacity, taken }) => ({ day, capacity, taken })),
    restDays: restDaysBetween(listing, first, last),
  };
}

/** Shabbat and the Yom Tov days from `from` to `to` at the listing's place (Israel keeps one day). */
function restDaysBetween(listing: CalendarListing, from: string, to: string) {
  const { israel } = listingClock(listing).observance;
  return everyDay(from, to).flatMap((day) =>
    isRestDay(day, israel) ? [{ day, name: restDayName(day, israel) }] : [],
  );
}

function everyDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

const takesSlot = (status: string) => status === 'booked' || status === 'held';

/**
 * A save of the owner's calendar (PUT): the entries replace everything stated on the days they name
 * and, with from/to, on every day of the range; dailyCapacity changes the room of every day from
 * today that has no capacity of its own. Refused with a field message: a day that has passed at the
 * listing's place, a capacity (or a closed day) below what app bookings already hold, and more
 * booked or held entries than a day has room for. One transaction; the listing's row is locked
 * first, so two saves of one calendar run one after the other.
 */
export async function updateOwnAvailability(
  db: Db,
  user: UserDto,
  input: z.output<typeof updateMyAvailabilityInput>,
  now: Date,
): Promise<MyAvailabilityDto> {
  const { vendorId } = await inTransaction(db, async (trx) => {
    const listing = await ownListing(trx, user, input.vendorId, true);
    // Made from a calendar someone has saved since: 409 with the calendar as it is now.
    if (input.version !== undefined && input.version !== listing.calendarVersion)
      throw new StaleWriteError(await calendarOf(trx, listing, input.from, input.to, now));
    const today = listingToday(listing, now);
    if (input.from !== undefined && input.from < today)
      throw fieldError('from', AVAILABILITY_MESSAGES.pastDay(input.from));
    input.entries.forEach((entry, i) => {
      if (entry.day < today)
        throw fieldError(['entries', i, 'day'], AVAILABILITY_MESSAGES.pastDay(entry.day));
    });

    const dailyCapacity = input.dailyCapacity ?? listing.dailyCapacity;
    const named = new Set(input.entries.map((e) => e.day));
    if (input.from !== undefined && input.to !== undefined)
      for (const day of everyDay(input.from, input.to)) named.add(day);
    const days = [...named].sort();

    const rooms = await lockDays(trx, listing.id, today, days);
    if (dailyCapacity !== listing.dailyCapacity) {
      const held = await firstDayHeldBeyond(trx, listing.id, today, dailyCapacity, days);
      if (held)
        throw fieldError(
          'dailyCapacity',
          AVAILABILITY_MESSAGES.dailyCapacityBelowBookings(held.day, held.taken),
        );
    }
    await stateCalendar(trx, listing.id, dailyCapacity, now);
    const before = await entriesOn(trx, listing.id, days);
    const ownerTakenBefore = new Map<string, number>();
    for (const e of before)
      if (takesSlot(e.status)) ownerTakenBefore.set(e.day, (ownerTakenBefore.get(e.day) ?? 0) + 1);

    const written: DayRoom[] = rooms.map((room) => {
      const appTaken = Math.max(0, room.taken - (ownerTakenBefore.get(room.day) ?? 0));
      const entries = input.entries.map((e, i) => ({ ...e, i })).filter((e) => e.day === room.day);
      const whole = entries.find((e) => e.part === 'day');
      let capacity = dailyCapacity;
      let capacityStated = false;
      if (whole?.status === 'closed') {
        capacity = 0;
        capacityStated = true;
      } else if (whole?.status === 'open' && whole.capacity !== null) {
        capacity = whole.capacity;
        capacityStated = true;
      }
      if (appTaken > capacity) {
        const field = whole
          ? ['entries', whole.i, whole.status === 'closed' ? 'status' : 'capacity']
          : 'dailyCapacity';
        throw fieldError(field, AVAILABILITY_MESSAGES.bookingsHold(room.day, appTaken, capacity));
      }
      const ownerTaking = entries.filter((e) => takesSlot(e.status));
      const taken = appTaken + ownerTaking.length;
      if (taken > capacity) {
        const last = ownerTaking[ownerTaking.length - 1];
        throw fieldError(
          last ? ['entries', last.i, 'status'] : 'entries',
          AVAILABILITY_MESSAGES.fullDay(room.day, capacity),
        );
      }
      return { day: room.day, capacity, capacityStated, taken };
    });

    await replaceEntries(
      trx,
      listing.id,
      days,
      input.entries.map((e) => ({
        day: e.day,
        part: e.part as DayPart,
        status: e.status,
        capacity: e.capacity,
        note: e.note,
      })),
      now,
    );
    await writeDays(trx, listing.id, written);
    if (dailyCapacity !== listing.dailyCapacity)
      await followDailyCapacity(trx, listing.id, today, dailyCapacity);
    return { vendorId: listing.id };
  });
  const listing = await ownListing(db, user, vendorId);
  return calendarOf(db, listing, input.from, input.to, now);
}

const PUBLIC_DEFAULT_DAYS = 92;

/** restAtTime's answer as the public day says it; none when no rest touches the day. */
const REST_HOURS_OF = {
  all: 'all_day',
  'before-havdalah': 'until_nightfall',
  'after-candles': 'from_candle_lighting',
  none: null,
} as const satisfies Record<ReturnType<typeof restAtTime>, RestHours | null>;

/**
 * What anyone may read of a listing's days from `from` (today at the listing's place) to `to` (three
 * months on): free, booked (no room left: app bookings and the owner's booked or held entries alike),
 * closed, not stated, or rest (Shabbat or Yom Tov all day there); the parts of a free day that are
 * unavailable; and Shabbat or Yom Tov at the listing's place, with the hours it takes. Never a note,
 * a customer or how many slots are taken.
 */
export async function publicAvailability(
  db: Db,
  input: z.output<typeof publicAvailabilityInput>,
  now: Date,
): Promise<PublicAvailabilityDto> {
  const listing = await findVisibleListing(db, input.id);
  if (!listing) throw new TRPCError({ code: 'NOT_FOUND', message: AVAILABILITY_MESSAGES.notFound });
  const from = input.from ?? listingToday(listing, now);
  const to = input.to ?? addDays(from, PUBLIC_DEFAULT_DAYS - 1);
  const [rooms, parts] = await Promise.all([
    daysBetween(db, listing.id, from, to),
    unavailablePartsBetween(db, listing.id, from, to),
  ]);
  const roomOf = new Map(rooms.map((r) => [r.day, r]));
  const partsOf = new Map<string, DayPart[]>();
  for (const p of parts) partsOf.set(p.day, [...(partsOf.get(p.day) ?? []), p.part]);
  const stated = listing.calendarStatedAt !== null;
  const { israel } = listingClock(listing).observance;
  const days: PublicDayDto[] = everyDay(from, to).map((day) => {
    const room = roomOf.get(day);
    let status: PublicDayDto['status'] = stated ? 'free' : 'not_stated';
    if (room && room.taken >= room.capacity)
      status = room.capacity === 0 && room.capacityStated ? 'closed' : 'booked';
    // As the "free on" search judges it: a day that is Shabbat or Yom Tov from its eve to past its
    // end has no hour to book; other rest days are free only outside the rest (restHours says which).
    const restHours = REST_HOURS_OF[restAtTime(day, israel)];
    if (restHours === 'all_day' && (status === 'free' || status === 'not_stated')) status = 'rest';
    const order: DayPart[] = ['morning', 'afternoon', 'evening'];
    const unavailable = status === 'free' ? order.filter((p) => partsOf.get(day)?.includes(p)) : [];
    return {
      day,
      status,
      partsUnavailable: unavailable,
      rest: isRestDay(day, israel) ? restDayName(day, israel) : null,
      ...(restHours ? { restHours } : {}),
    };
  });
  return { vendorId: listing.id, timeZone: listing.timeZone, stated, from, to, days };
}
