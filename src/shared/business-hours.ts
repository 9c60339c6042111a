import { addDays, holidaysOn, isShabbat } from './jewish-calendar';

/**
 * Business time: the minutes between two instants, less those that fall in Shabbat or Yom Tov, so a
 * vendor who keeps them is not counted slow (decision 014). Pure; local times come from Intl.
 */

export const DEFAULT_TIME_ZONE = 'America/New_York';

/**
 * Fixed stand-ins for candle-lighting and nightfall: no sunset computation. 18:00 is after
 * candle-lighting for half the year, so a vendor answering on a summer Friday afternoon is not
 * penalised; 21:00 is after nightfall all year round.
 */
export const REST_STARTS_AT = '18:00';
export const REST_ENDS_AT = '21:00';

const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};
const START_MINUTES = minutesOf(REST_STARTS_AT);
const END_MINUTES = minutesOf(REST_ENDS_AT);

/**
 * A listing's time zone from its longitude, among the four mainland US zones: the product's
 * listings are American, and a longitude is what a listing reliably has. Unknown -> New York.
 */
export function timeZoneForLongitude(lng: number | null | undefined): string {
  if (lng === null || lng === undefined || !Number.isFinite(lng)) return DEFAULT_TIME_ZONE;
  if (lng < -115) return 'America/Los_Angeles';
  if (lng < -100) return 'America/Denver';
  if (lng < -87) return 'America/Chicago';
  return DEFAULT_TIME_ZONE;
}

/** Bound of each cache below: cleared when reached, so a long-running server never grows them. */
const CACHE_MAX = 20_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      // h23: some engines write midnight as 24 with hour12: false.
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC at an instant (ms), read through Intl. */
function offsetFromIntl(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * Offsets kept per quarter of an hour: zones change their offset on quarter-hour boundaries, so
 * one Intl call answers every instant of the quarter.
 */
const QUARTER_HOUR = 15 * 60 * 1000;
const offsets = new Map<string, number>();

/** The wall clock of an instant in the zone, as if that wall clock were UTC (ms). */
function wallClock(instant: number, timeZone: string): number {
  const quarter = Math.floor(instant / QUARTER_HOUR);
  const key = `${timeZone} ${quarter}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    offset = offsetFromIntl(quarter * QUARTER_HOUR, timeZone);
    if (offsets.size >= CACHE_MAX) offsets.clear();
    offsets.set(key, offset);
  }
  return instant + offset;
}

function localDate(instant: number, timeZone: string): string {
  return new Date(wallClock(instant, timeZone)).toISOString().slice(0, 10);
}

/** The instant a wall-clock time of a civil date happens in the zone. */
function instantAt(date: string, minutes: number, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, 0, minutes);
  // Two passes: the offset at the first guess may differ from the offset at the answer (a DST
  // change between them). 18:00 and 21:00 are never in a DST gap or overlap.
  const guess = wall - (wallClock(wall, timeZone) - wall);
  return wall - (wallClock(guess, timeZone) - guess);
}

/**
 * Answers per day and per period are kept: the same few weeks are asked about for every request of
 * a listing, and time-zone arithmetic through Intl costs microseconds a call. Cleared when large.
 */
const restDays = new Map<string, boolean>();
const periodCache = new Map<string, [number, number]>();

/** Shabbat, or a day of Yom Tov (a major festival day that is not Chol HaMoed), in the Diaspora. */
export function isRestDay(date: string): boolean {
  let rest = restDays.get(date);
  if (rest === undefined) {
    rest = isShabbat(date) || holidaysOn(date).some((h) => h.type === 'major' && !h.cholHamoed);
    if (restDays.size >= CACHE_MAX) restDays.clear();
    restDays.set(date, rest);
  }
  return rest;
}

/**
 * The rest periods touching [start, end] (ms), each from REST_STARTS_AT on the eve of a run of
 * consecutive rest days to REST_ENDS_AT on its last day, so Yom Tov on Friday and Shabbat after it
 * are one period. Periods reaching past the range are cut off by the caller.
 */
export function restPeriods(start: Date, end: Date, timeZone = DEFAULT_TIME_ZONE): Array<[Date, Date]> {
  const s = start.getTime();
  const e = end.getTime();
  if (!(e >= s)) return [];
  // From the day before the start (its rest period may still be running) to the day after the end
  // (a run starting then has its eve on the end's day).
  const last = addDays(localDate(e, timeZone), 1);
  const periods: Array<[Date, Date]> = [];
  let runStart: string | null = null;
  let previous: string | null = null;
  for (let day = addDays(localDate(s, timeZone), -1); day <= last; day = addDays(day, 1)) {
    if (isRestDay(day)) {
      runStart ??= day;
    } else if (runStart !== null && previous !== null) {
      periods.push(period(runStart, previous, timeZone));
      runStart = null;
    }
    previous = day;
  }
  if (runStart !== null && previous !== null) periods.push(period(runStart, previous, timeZone));
  return periods;
}

function period(first: string, last: string, timeZone: string): [Date, Date] {
  const key = `${timeZone} ${first} ${last}`;
  let bounds = periodCache.get(key);
  if (!bounds) {
    bounds = [instantAt(addDays(first, -1), START_MINUTES, timeZone), instantAt(last, END_MINUTES, timeZone)];
    if (periodCache.size >= CACHE_MAX) periodCache.clear();
    periodCache.set(key, bounds);
  }
  return [new Date(bounds[0]), new Date(bounds[1])];
}

function businessMs(s: number, e: number, timeZone: string): number {
  if (!(e > s)) return 0;
  let resting = 0;
  for (const [from, to] of restPeriods(new Date(s), new Date(e), timeZone)) {
    resting += Math.max(0, Math.min(to.getTime(), e) - Math.max(from.getTime(), s));
  }
  return e - s - resting;
}

/**
 * Whole minutes from start to end, less those inside Shabbat and Yom Tov in the given zone (default
 * New York); 0 when end is not after start.
 */
export function businessMinutesBetween(start: Date, end: Date, options: { timeZone?: string } = {}): number {
  return Math.floor(
    businessMs(start.getTime(), end.getTime(), options.timeZone ?? DEFAULT_TIME_ZONE) / 60_000,
  );
}

/**
 * The first instant at which `minutes` business minutes have passed since start: rest periods on
 * the way are stepped over. Each step adds what is still missing, which never passes the answer
 * (business time runs no faster than real time), so it takes one step per rest period crossed.
 */
export function addBusinessMinutes(start: Date, minutes: number, options: { timeZone?: string } = {}): Date {
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const s = start.getTime();
  const wanted = Math.max(0, minutes) * 60_000;
  let at = s + wanted;
  let missing = wanted - businessMs(s, at, timeZone);
  while (missing > 0) {
    at += missing;
    missing = wanted - businessMs(s, at, timeZone);
  }
  return new Date(at);
}
