import { minutesOfTime } from '../../../shared/dates';
import { addDays, toHebrewDate } from '../../../shared/jewish-calendar';
import { localInstant, sunDay } from '../observance/clock';
import {
  type EventClockFields,
  eventClock,
  judgedPlace,
  type UserObservance,
} from '../observance/observance.service';
import { clockDay, clockTime, isRestDay, observanceFor, restBlocks, restDayName } from '../observance/tiers';

/**
 * What an RSVP page says of one (sub-)event beside its date and time (decision 043): the Hebrew date
 * when the hosts show Hebrew dates, and notes about Shabbat and Yom Tov computed at the event's place
 * with the family's own clock settings (candle-lighting minutes, havdalah rule), as the calendar
 * judges events: "Shabbat ends at 17:02; the wedding starts at 19:30".
 */
export interface EventPageFacts {
  localDate: string;
  /** The zone the date and time are read in. */
  zone: string;
  hebrewDate: string | null;
  notes: string[];
}

/** 'the wedding', 'the aufruf'; 'the event' for a type that names no occasion. */
function occasion(type: string): string {
  const word = type.trim().toLowerCase();
  return !word || word === 'other' ? 'the event' : `the ${word}`;
}

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function eventPageFacts(
  event: EventClockFields & { type: string },
  owner: UserObservance,
  showHebrew: boolean,
): EventPageFacts {
  const clock = eventClock(event, owner);
  const { localDate, place } = clock;
  const zone = event.timeZone ?? place?.timeZone ?? 'UTC';
  let hebrewDate = showHebrew ? toHebrewDate(localDate).formatted : null;
  const what = occasion(event.type);
  const notes: string[] = [];
  if (!place) {
    // No place to compute the times at: the day alone.
    const israel = false;
    if (isRestDay(localDate, israel))
      notes.push(`${upperFirst(what)} falls on ${restDayName(localDate, israel)}.`);
    return { localDate, zone, hebrewDate, notes };
  }
  const where = judgedPlace(place);
  const observance = observanceFor(owner.settings, owner.homePlace, place);
  const placeZone = place.timeZone;
  const starts = event.time === null ? null : localInstant(placeZone, localDate, minutesOfTime(event.time));
  // An evening event after sunset is on the next Hebrew day, as the invitation would write it.
  const sunset = sunDay(where, localDate).sunset;
  if (showHebrew && starts !== null && sunset !== null && starts >= sunset) {
    hebrewDate = `${toHebrewDate(addDays(localDate, 1)).formatted} (evening)`;
  }
  for (const block of restBlocks(where, localDate, localDate, observance)) {
    const name = restDayName(block.last, observance.israel);
    const firstName = restDayName(block.first, observance.israel);
    const eve = addDays(block.first, -1);
    const ends = clockTime(block.endsAt, placeZone);
    const begins = clockTime(block.startsAt, placeZone);
    if (starts !== null && starts >= block.endsAt && block.last === localDate) {
      notes.push(`${name} ends at ${ends}; ${what} starts at ${event.time}.`);
    } else if (starts !== null && starts >= block.startsAt && starts < block.endsAt) {
      notes.push(
        `${upperFirst(what)} falls on ${firstName}, which begins at candle-lighting (${clockDay(block.startsAt, placeZone)} at ${begins}) and ends at ${ends}.`,
      );
    } else if (starts !== null && starts < block.startsAt && eve === localDate) {
      notes.push(`${firstName} begins at ${begins} (candle-lighting) that evening.`);
    } else if (starts === null && localDate >= block.first && localDate <= block.last) {
      notes.push(`${upperFirst(what)} falls on ${firstName}; it ends at ${ends}.`);
    } else if (starts === null && block.last === localDate) {
      notes.push(`${name} ends at ${ends}.`);
    }
  }
  return { localDate, zone, hebrewDate, notes };
}

/** "Sunday, December 20, 2026 at 23:59" in the zone. */
export function instantInWords(at: Date, zone: string): string {
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(at);
  return `${day} at ${clockTime(at.getTime(), zone)}`;
}

/** "Sunday, December 20, 2026" of a civil date. */
export function civilDateInWords(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
}
