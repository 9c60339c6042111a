import { DEFAULT_OBSERVANCE } from '../../../shared/schemas/observance';
import type { ClockPlace } from './clock';
import { localParts } from './clock';
import { placeNamed } from './observance.service';
import { type Observance, observanceFor, restBlocks } from './tiers';

/**
 * Business time: the minutes between two instants, less those inside Shabbat and Yom Tov at the
 * listing's place, from its real candle-lighting to its real havdalah (decisions 014, 034), so a
 * vendor who keeps them is not counted slow.
 */

/** Where a listing keeps Shabbat: its place and the settings of that place. Null place: none known. */
export interface RestClock {
  place: ClockPlace | null;
  observance: Observance;
}

/** A listing's fields that tell where it is. */
export interface ListingWhereabouts {
  latitude: number | null;
  longitude: number | null;
  timeZone: string | null;
  city: string | null;
  state?: string | null;
  businessName?: string;
}

const ISRAEL_ZONE = 'Asia/Jerusalem';

/**
 * A listing's clock: its coordinates and their zone; without coordinates, its city and state
 * resolved by name ('Teaneck, NJ'); with neither, none: every minute counts (nothing is guessed).
 * A listing in Israel keeps Israel's calendar, Jerusalem's 40 minutes included.
 */
export function listingClock(listing: ListingWhereabouts): RestClock {
  const place = listingPlace(listing);
  return { place, observance: observanceFor(DEFAULT_OBSERVANCE, place, place) };
}

function listingPlace(listing: ListingWhereabouts): (ClockPlace & { country: string }) | null {
  if (listing.latitude !== null && listing.longitude !== null && listing.timeZone) {
    return {
      name: listing.city ?? listing.businessName ?? 'the listing',
      latitude: listing.latitude,
      longitude: listing.longitude,
      timeZone: listing.timeZone,
      country: listing.timeZone === ISRAEL_ZONE ? 'IL' : '',
    };
  }
  return placeNamed([listing.city, listing.state].filter(Boolean).join(', '));
}

/** The rest periods touching [start, end]: runs of Shabbat and Yom Tov, candle-lighting to havdalah. */
export function restPeriods(start: Date, end: Date, clock: RestClock): Array<[Date, Date]> {
  const s = start.getTime();
  const e = end.getTime();
  if (!(e >= s) || !clock.place) return [];
  const zone = clock.place.timeZone;
  return restBlocks(clock.place, localParts(zone, s).date, localParts(zone, e).date, clock.observance).map(
    (block) => [new Date(block.startsAt), new Date(block.endsAt)],
  );
}

function businessMs(s: number, e: number, clock: RestClock): number {
  if (!(e > s)) return 0;
  let resting = 0;
  for (const [from, to] of restPeriods(new Date(s), new Date(e), clock)) {
    resting += Math.max(0, Math.min(to.getTime(), e) - Math.max(from.getTime(), s));
  }
  return e - s - resting;
}

/** Whole minutes from start to end, less those inside Shabbat and Yom Tov; 0 when end is not after start. */
export function businessMinutesBetween(start: Date, end: Date, clock: RestClock): number {
  return Math.floor(businessMs(start.getTime(), end.getTime(), clock) / 60_000);
}

/**
 * The first instant at which `minutes` business minutes have passed since start: rest periods on
 * the way are stepped over. Each step adds what is still missing, which never passes the answer
 * (business time runs no faster than real time), so it takes one step per rest period crossed.
 */
export function addBusinessMinutes(start: Date, minutes: number, clock: RestClock): Date {
  const s = start.getTime();
  const wanted = Math.max(0, minutes) * 60_000;
  let at = s + wanted;
  let missing = wanted - businessMs(s, at, clock);
  while (missing > 0) {
    at += missing;
    missing = wanted - businessMs(s, at, clock);
  }
  return new Date(at);
}
