import { formatInstantDateTime, minutesOfTime } from '../../../shared/dates';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/i18n';
import { addDays, formatHebrewDate } from '../../../shared/jewish-calendar';
import { localInstant, sunDay } from '../observance/clock';
import {
  type EventClockFields,
  eventClock,
  judgedPlace,
  type UserObservance,
} from '../observance/observance.service';
import { clockDay, clockTime, isRestDay, observanceFor, restBlocks, restDayName } from '../observance/tiers';
import { rsvpText } from './rsvp.texts';

/**
 * What an RSVP page says of one (sub-)event beside its date and time (decision 043): the Hebrew date
 * when the hosts show Hebrew dates, and notes about Shabbat and Yom Tov computed at the event's place
 * with the family's own clock settings (candle-lighting minutes, havdalah rule), as the calendar
 * judges events: "Shabbat ends at 17:02; the wedding starts at 19:30". Written in the page's
 * language (rsvp.texts.ts); English when not said.
 */
export interface EventPageFacts {
  localDate: string;
  /** The zone the date and time are read in. */
  zone: string;
  hebrewDate: string | null;
  notes: string[];
}

/**
 * The occasion as a note names it: 'the wedding', 'the aufruf' ('החתונה', 'העלייה לתורה'); 'the
 * event' for a type that names no occasion. The catalogue chooses by the type's words run together
 * ('Bar Mitzvah' is 'barMitzvah').
 */
function occasion(type: string, language: Language): string {
  const word = type.trim().toLowerCase();
  const key =
    !word || word === 'other'
      ? 'event'
      : (type.match(/[A-Za-z0-9]+/g) ?? [])
          .map((part, i) =>
            i === 0 ? part.toLowerCase() : `${part.charAt(0).toUpperCase()}${part.slice(1)}`,
          )
          .join('') || 'event';
  return rsvpText(language, 'notes.occasion', { key, word });
}

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const hebrewDays = new Map<string, Intl.DateTimeFormat>();

/** The day of an instant at a place: 'Friday 18 December'; in Hebrew 'יום שישי, 18 בדצמבר'. */
function dayAt(at: number, zone: string, language: Language): string {
  if (language !== 'he') return clockDay(at, zone);
  let format = hebrewDays.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('he-IL', {
      timeZone: zone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
    });
    hebrewDays.set(zone, format);
  }
  return format.format(at);
}

export function eventPageFacts(
  event: EventClockFields & { type: string },
  owner: UserObservance,
  showHebrew: boolean,
  language: Language = DEFAULT_LANGUAGE,
): EventPageFacts {
  const clock = eventClock(event, owner);
  const { localDate, place } = clock;
  const zone = event.timeZone ?? place?.timeZone ?? 'UTC';
  let hebrewDate = showHebrew ? formatHebrewDate(localDate, language) : null;
  const what = occasion(event.type, language);
  const notes: string[] = [];
  const note = (id: Parameters<typeof rsvpText>[1], values: Record<string, string>) =>
    notes.push(upperFirst(rsvpText(language, id, values)));
  if (!place) {
    // No place to compute the times at: the day alone.
    const israel = false;
    if (isRestDay(localDate, israel))
      note('notes.restDay', { occasion: what, name: restDayName(localDate, israel, language) });
    return { localDate, zone, hebrewDate, notes };
  }
  const where = judgedPlace(place);
  const observance = observanceFor(owner.settings, owner.homePlace, place);
  const placeZone = place.timeZone;
  const starts = event.time === null ? null : localInstant(placeZone, localDate, minutesOfTime(event.time));
  // An evening event after sunset is on the next Hebrew day, as the invitation would write it.
  const sunset = sunDay(where, localDate).sunset;
  if (showHebrew && starts !== null && sunset !== null && starts >= sunset) {
    hebrewDate = rsvpText(language, 'notes.evening', {
      date: formatHebrewDate(addDays(localDate, 1), language),
    });
  }
  for (const block of restBlocks(where, localDate, localDate, observance)) {
    const name = restDayName(block.last, observance.israel, language);
    const firstName = restDayName(block.first, observance.israel, language);
    const eve = addDays(block.first, -1);
    const ends = clockTime(block.endsAt, placeZone);
    const begins = clockTime(block.startsAt, placeZone);
    if (starts !== null && starts >= block.endsAt && block.last === localDate) {
      note('notes.endsThenStarts', { name, ends, occasion: what, time: event.time ?? '' });
    } else if (starts !== null && starts >= block.startsAt && starts < block.endsAt) {
      note('notes.during', {
        occasion: what,
        name: firstName,
        day: dayAt(block.startsAt, placeZone, language),
        begins,
        ends,
      });
    } else if (starts !== null && starts < block.startsAt && eve === localDate) {
      note('notes.eve', { name: firstName, begins });
    } else if (starts === null && localDate >= block.first && localDate <= block.last) {
      note('notes.allDay', { occasion: what, name: firstName, ends });
    } else if (starts === null && block.last === localDate) {
      note('notes.ends', { name, ends });
    }
  }
  return { localDate, zone, hebrewDate, notes };
}

/** "Sunday, December 20, 2026 at 23:59" in the zone; in Hebrew "יום ראשון, 20 בדצמבר 2026 בשעה 23:59". */
export function instantInWords(at: Date, zone: string, language: Language = DEFAULT_LANGUAGE): string {
  if (language === 'he') return formatInstantDateTime(at, zone, language, 'full');
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(at);
  return `${day} at ${clockTime(at.getTime(), zone)}`;
}
