import { GeoLocation, NOAACalculator } from '@hebcal/noaa';
import { Temporal } from 'temporal-polyfill';

/**
 * Sunset, candle-lighting and nightfall at a place, from @hebcal/noaa (the NOAA algorithm as
 * KosherJava implements it; decision 034). No astronomy of our own: this module only picks the
 * library's figures and rounds them to the minute the way the published tables (hebcal.com) do.
 *
 * Times are epoch milliseconds. A date is the place's civil 'YYYY-MM-DD'.
 */

export interface ClockPlace {
  /** For messages: 'Brooklyn'. */
  name: string;
  latitude: number;
  longitude: number;
  /** IANA zone from the coordinates (tz-lookup), never typed or guessed. */
  timeZone: string;
}

/** Degrees below the horizon of the default nightfall: three small stars. */
export const HAVDALAH_DEGREES = 8.5;
const GEOMETRIC_ZENITH = 90;
const MINUTE = 60_000;

/** How havdalah is reckoned: a solar depression, or fixed minutes after sunset. */
export type HavdalahRule = { degrees: number } | { minutes: number };

export interface SunDay {
  /** Sea-level sunset, or null where the sun does not set that day. */
  sunset: number | null;
  /** When the sun is `degrees` below the horizon after sunset, or null where it never gets so low. */
  dusk: (degrees: number) => number | null;
  /** The sun's lowest point in the night after the date (solar midnight). */
  solarMidnight: number | null;
}

const geoCache = new Map<string, GeoLocation>();
const GEO_CACHE_LIMIT = 4096;

function geoLocation(place: ClockPlace): GeoLocation {
  const key = `${place.latitude},${place.longitude},${place.timeZone}`;
  let geo = geoCache.get(key);
  if (!geo) {
    if (geoCache.size >= GEO_CACHE_LIMIT) geoCache.clear();
    geo = new GeoLocation(place.name, place.latitude, place.longitude, 0, place.timeZone);
    geoCache.set(key, geo);
  }
  return geo;
}

function plainDate(date: string): Temporal.PlainDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Temporal.PlainDate(y, m, d);
}

function millis(zdt: Temporal.ZonedDateTime | null | undefined): number | null {
  if (!zdt) return null;
  const value = zdt.epochMilliseconds;
  return Number.isFinite(value) ? value : null;
}

/** The library's sun figures for one civil date at a place. */
export function sunDay(place: ClockPlace, date: string): SunDay {
  const noaa = new NOAACalculator(geoLocation(place), plainDate(date));
  const sunset = millis(noaa.getSeaLevelSunset());
  return {
    sunset,
    dusk: (degrees) => millis(noaa.getSunsetOffsetByDegrees(GEOMETRIC_ZENITH + degrees)),
    get solarMidnight() {
      // Half a day after the sun's transit: the lowest point of the night, to well within a minute.
      const transit = millis(noaa.getSunTransit());
      return transit === null ? null : transit + 12 * 60 * MINUTE;
    },
  };
}

/** Degrees below the horizon of dawn (alot hashachar), when a minor fast begins. */
export const DAWN_DEGREES = 16.1;

/**
 * Dawn on `date`: the sun 16.1° below the horizon before sunrise. Where it never gets so low (high
 * latitudes in summer), 04:00 local stands in: the night is light and a fast begins early.
 */
export function dawn(place: ClockPlace, date: string): number {
  const noaa = new NOAACalculator(geoLocation(place), plainDate(date));
  return (
    millis(noaa.getSunriseOffsetByDegrees(GEOMETRIC_ZENITH + DAWN_DEGREES)) ??
    localInstant(place.timeZone, date, 4 * 60)
  );
}

/** Rounds to the nearest minute (30 s up), as the published tables print times. */
function nearestMinute(ms: number): number {
  return Math.round(ms / MINUTE) * MINUTE;
}

/** Drops the seconds. */
function floorMinute(ms: number): number {
  return Math.floor(ms / MINUTE) * MINUTE;
}

export interface ClockTime {
  at: number;
  /**
   * True where the rule could not be applied that day (the sun does not set, or never gets so far
   * below the horizon) and a fallback stands in; see candleLighting and havdalah.
   */
  approximate: boolean;
}

/**
 * The figures already worked out, by rule, place and date: pure functions of them, asked for again
 * and again (every event of a list, every open request of a listing's figures, each day of a range).
 * Bounded: cleared when full, so a long-running server never grows it.
 */
const figures = new Map<string, ClockTime>();
const REMEMBERED_LIMIT = 20_000;

function remembered(rule: string, place: ClockPlace, date: string, compute: () => ClockTime): ClockTime {
  const key = `${rule} ${place.latitude},${place.longitude},${place.timeZone} ${date}`;
  let time = figures.get(key);
  if (!time) {
    time = Object.freeze(compute());
    if (figures.size >= REMEMBERED_LIMIT) figures.clear();
    figures.set(key, time);
  }
  return time;
}

/** How far back to look for a day with a sunset, past the polar summer or winter. */
const POLAR_SEARCH_DAYS = 120;

function shiftDate(date: string, days: number): string {
  return plainDate(date).add({ days }).toString();
}

/**
 * Candle-lighting on `date`: sunset less `minutes`, the sunset's seconds dropped first (the
 * tables' rule, so that candles are never late). Where the sun does not set that day (north of the
 * Arctic Circle in summer) the nearest earlier day's sunset time of day stands in, the practice of
 * communities there, and the answer is marked approximate.
 */
export function candleLighting(place: ClockPlace, date: string, minutes: number): ClockTime {
  return remembered(`c${minutes}`, place, date, () => computeCandleLighting(place, date, minutes));
}

function computeCandleLighting(place: ClockPlace, date: string, minutes: number): ClockTime {
  const sunset = sunDay(place, date).sunset;
  if (sunset !== null) return { at: floorMinute(sunset) - minutes * MINUTE, approximate: false };
  const stand = polarStandIn(place, date, (day) => day.sunset);
  return { at: floorMinute(stand) - minutes * MINUTE, approximate: true };
}

/**
 * Havdalah (nightfall) on `date`: the sun `degrees` below the horizon, or sunset plus `minutes`
 * (a sunset with 30 seconds or more counts as the next minute, so that havdalah is never early).
 * Where the sun never gets `degrees` below the horizon (Helsinki and Reykjavik around midsummer),
 * nightfall is the darkest moment of the night, solar midnight, and the answer is approximate;
 * where it does not set at all, the nearest earlier day with a nightfall stands in.
 */
export function havdalah(place: ClockPlace, date: string, rule: HavdalahRule): ClockTime {
  const key = 'minutes' in rule ? `m${rule.minutes}` : `d${rule.degrees}`;
  return remembered(key, place, date, () => computeHavdalah(place, date, rule));
}

function computeHavdalah(place: ClockPlace, date: string, rule: HavdalahRule): ClockTime {
  const day = sunDay(place, date);
  if ('minutes' in rule) {
    if (day.sunset !== null) return { at: sunsetPlusMinutes(day.sunset, rule.minutes), approximate: false };
    const stand = polarStandIn(place, date, (d) => d.sunset);
    return { at: sunsetPlusMinutes(stand, rule.minutes), approximate: true };
  }
  const dusk = day.dusk(rule.degrees);
  if (dusk !== null) return { at: nearestMinute(dusk), approximate: false };
  if (day.sunset !== null) {
    const midnight = day.solarMidnight;
    if (midnight !== null && midnight > day.sunset) return { at: nearestMinute(midnight), approximate: true };
  }
  const stand = polarStandIn(place, date, (d) => d.dusk(rule.degrees));
  return { at: nearestMinute(stand), approximate: true };
}

function sunsetPlusMinutes(sunset: number, minutes: number): number {
  // Not `sunset % MINUTE`: before 1970 the epoch milliseconds are negative and so is `%`.
  const seconds = sunset - floorMinute(sunset);
  return floorMinute(sunset) + (minutes + (seconds >= 30_000 ? 1 : 0)) * MINUTE;
}

/**
 * The same time of day as the figure on the nearest earlier date that has one, moved onto `date`
 * (the offset of that day's time from its local midnight, applied to `date`'s local midnight).
 */
function polarStandIn(place: ClockPlace, date: string, figure: (day: SunDay) => number | null): number {
  for (let back = 1; back <= POLAR_SEARCH_DAYS; back++) {
    const earlier = shiftDate(date, -back);
    const at = figure(sunDay(place, earlier));
    if (at === null) continue;
    const earlierMidnight = localMidnight(place.timeZone, earlier);
    return localMidnight(place.timeZone, date) + (at - earlierMidnight);
  }
  // No figure for four months (the poles): evening at 18:00 local keeps the answer defined.
  return localMidnight(place.timeZone, date) + 18 * 60 * MINUTE;
}

/** Epoch milliseconds of 00:00 local time on `date` in `timeZone`. */
export function localMidnight(timeZone: string, date: string): number {
  return plainDate(date).toZonedDateTime({ timeZone }).epochMilliseconds;
}

/**
 * Epoch milliseconds of a local wall-clock time on `date` in `timeZone`. A time skipped by a
 * daylight-saving change is moved forward, and one that occurs twice takes the earlier instant
 * (Temporal's 'compatible' disambiguation, as calendars do).
 */
export function localInstant(timeZone: string, date: string, minutesAfterMidnight: number): number {
  const hour = Math.floor(minutesAfterMidnight / 60);
  const minute = minutesAfterMidnight % 60;
  return plainDate(date)
    .toPlainDateTime({ hour, minute })
    .toZonedDateTime(timeZone, { disambiguation: 'compatible' }).epochMilliseconds;
}

/** The civil date and 'HH:MM' of an instant in a zone. */
export function localParts(timeZone: string, at: number): { date: string; time: string } {
  const zdt = Temporal.Instant.fromEpochMilliseconds(at).toZonedDateTimeISO(timeZone);
  return {
    date: zdt.toPlainDate().toString(),
    time: `${String(zdt.hour).padStart(2, '0')}:${String(zdt.minute).padStart(2, '0')}`,
  };
}

/** localInstant and localParts' date for many dates of one zone, from its offsets found once. */
export interface ZoneClock {
  instant(date: string, minutesAfterMidnight: number): number;
  dateOf(at: number): string;
}

const DAY = 24 * 60 * MINUTE;

/**
 * A zone's clock between two instants (with a day's margin either side), from its UTC offsets and
 * their changes read once from the zone rules: the same answers as localInstant (a skipped time moved
 * forward, a repeated one the earlier) and localParts(...).date, without a zone lookup per call.
 * Outside the span it falls back on them.
 */
export function zoneClock(timeZone: string, from: number, to: number): ZoneClock {
  const start = from - 2 * DAY;
  const stop = to + 2 * DAY;
  let zdt = Temporal.Instant.fromEpochMilliseconds(start).toZonedDateTimeISO(timeZone);
  /** Offsets in force from each change on (the first from `start`), in ms to add to UTC. */
  const changes: { at: number; offset: number }[] = [{ at: start, offset: zdt.offsetNanoseconds / 1e6 }];
  for (;;) {
    const next = zdt.getTimeZoneTransition('next');
    if (!next || next.epochMilliseconds > stop) break;
    changes.push({ at: next.epochMilliseconds, offset: next.offsetNanoseconds / 1e6 });
    zdt = next;
  }
  const offsetAt = (at: number): number => {
    let offset = (changes[0] as { offset: number }).offset;
    for (const change of changes) {
      if (change.at > at) break;
      offset = change.offset;
    }
    return offset;
  };
  const inSpan = (at: number) => at >= start + DAY && at <= stop - DAY;
  return {
    instant(date, minutes) {
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      const wall = Date.UTC(y, m - 1, d) + minutes * MINUTE;
      // Years 0-99: Date.UTC maps them to 19xx; let the zone rules answer.
      if (y < 100 || !inSpan(wall)) return localInstant(timeZone, date, minutes);
      let earliest: number | null = null;
      for (const { offset } of changes) {
        const at = wall - offset;
        if (offsetAt(at) === offset && (earliest === null || at < earliest)) earliest = at;
      }
      // A wall time the clocks skipped: read with the offset before the change, so moved forward.
      return earliest ?? wall - offsetAt(wall - offsetAt(wall) - DAY / 2);
    },
    dateOf(at) {
      if (!inSpan(at)) return localParts(timeZone, at).date;
      return new Date(at + offsetAt(at)).toISOString().slice(0, 10);
    },
  };
}
