/**
 * Time is local: whether an event's date has passed is judged in the place's own zone (decision
 * 031). A place's zone comes from its coordinates (place-zone.ts, kept apart: its map of the
 * world's zones is 70 kB that only the screens judging a place's date load); where no place is known, the zone the browser reports stands in, and where there is none either,
 * a date counts as passed only once it has passed everywhere on Earth.
 */

/** The zone whose clock is the last to leave a day: UTC-12. A day has passed everywhere once it has here. */
export const LAST_ZONE_ON_EARTH = 'Etc/GMT+12';

/** Whether a string names a zone this runtime knows ('America/Chicago'); false for anything else. */
export function isKnownZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date 'YYYY-MM-DD' that an instant falls on in a zone. */
export function civilDateIn(instant: Date, zone: string): string {
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * Whether a calendar date 'YYYY-MM-DD' is before today at a place: in `zone` when known, else only
 * once it is before today everywhere on Earth (never refusing a date that is still today somewhere).
 */
export function dateHasPassed(date: string, now: Date, zone: string | null): boolean {
  return date < civilDateIn(now, zone ?? LAST_ZONE_ON_EARTH);
}

/** The zone this browser (or process) reports, or null when it reports none that is usable. */
export function reportedZone(): string | null {
  try {
    const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isKnownZone(zone) ? zone : null;
  } catch {
    return null;
  }
}

/** The zone whose clock is the first to enter a day: UTC+14. */
const FIRST_ZONE_ON_EARTH = 'Etc/GMT-14';

/**
 * Whether the day an instant falls on is before today: in `zone` when known, else only once that
 * instant's day is over everywhere (its date at UTC+14 is before today's at UTC-12).
 */
export function dayOfInstantHasPassed(instant: Date, now: Date, zone: string | null): boolean {
  if (zone) return civilDateIn(instant, zone) < civilDateIn(now, zone);
  return civilDateIn(instant, FIRST_ZONE_ON_EARTH) < civilDateIn(now, LAST_ZONE_ON_EARTH);
}
