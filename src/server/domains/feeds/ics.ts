import ical, { type ICalEventData } from 'ical-generator';
import { Temporal } from 'temporal-polyfill';
import { PRODUCT_NAME } from '../../../shared/constants';
import { localInstant } from '../observance/clock';

/**
 * Calendar files (RFC 5545) of events, made with ical-generator. Pure: the rows come in, the text
 * goes out, the same bytes for the same rows (no generation time is written), so a digest of the
 * text serves as its ETag.
 */

/** How long an event with a start time and no known end is shown as lasting. */
export const DEFAULT_DURATION_MINUTES = 4 * 60;

/** How often a subscribed calendar app is asked to fetch the feed again (X-PUBLISHED-TTL). */
export const FEED_REFRESH_SECONDS = 60 * 60;

export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/** The UID of an event's item: stable for as long as the event exists, so an app updates it in place. */
export const eventUid = (eventId: string) => `${eventId}@simchahub`;

export interface CalendarItem {
  uid: string;
  title: string;
  venue: string | null;
  notes: string | null;
  /** The stored date: the date plus its time, midnight without one (spec section 5). */
  date: Date;
  /** The item's own day when known; otherwise it is found from `date` and `time` (civilDateOf). */
  civilDate?: string;
  /** 'HH:MM' on the clock where the event is; null makes an all-day item. */
  time: string | null;
  /** The IANA zone where the event takes place; with it a timed item is written in UTC, without it as floating local time. */
  timeZone: string | null;
  /** How long it lasts; null: DEFAULT_DURATION_MINUTES. 0 writes no end (a moment: candle-lighting). */
  durationMinutes: number | null;
  /** When it last changed (DTSTAMP and LAST-MODIFIED). */
  updatedAt: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const HALF_DAY_MS = DAY_MS / 2;

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/**
 * The event's own calendar day. The stored instant is the date and time on the clock of whoever
 * entered it (the web app sends the browser's local time; a REST caller may send UTC), and that
 * clock is not stored: the day is the one whose wall-clock start lies within twelve hours of the
 * instant, which holds for every zone from UTC-12 to UTC+12 whatever zone the event is in.
 */
export function civilDateOf(date: Date, time: string | null): string {
  const wallClockStart = date.getTime() - (time ? minutesOf(time) : 0) * 60_000;
  const midnight = Math.floor((wallClockStart + HALF_DAY_MS) / DAY_MS) * DAY_MS;
  return new Date(midnight).toISOString().slice(0, 10);
}

function plainDate(civil: string): Temporal.PlainDate {
  return Temporal.PlainDate.from(civil);
}

/** Start and end as ical-generator takes them: dates, floating date-times, or instants (UTC). */
export function itemTiming(
  item: Pick<CalendarItem, 'date' | 'civilDate' | 'time' | 'timeZone' | 'durationMinutes'>,
): Pick<ICalEventData, 'start' | 'end' | 'allDay' | 'floating'> {
  const day = item.civilDate ?? civilDateOf(item.date, item.time);
  if (item.time === null) {
    return { start: plainDate(day), end: plainDate(day).add({ days: 1 }), allDay: true };
  }
  const minutes = item.durationMinutes ?? DEFAULT_DURATION_MINUTES;
  if (item.timeZone) {
    const start = Temporal.Instant.fromEpochMilliseconds(
      localInstant(item.timeZone, day, minutesOf(item.time)),
    );
    return { start, end: minutes > 0 ? start.add({ minutes }) : null };
  }
  const start = plainDate(day).toPlainDateTime(Temporal.PlainTime.from(item.time));
  return { start, end: minutes > 0 ? start.add({ minutes }) : null, floating: true };
}

export function calendarText(name: string, items: CalendarItem[]): string {
  const calendar = ical({
    name,
    prodId: { company: PRODUCT_NAME, product: 'calendar', language: 'EN' },
    ttl: FEED_REFRESH_SECONDS,
  });
  for (const item of items) {
    const stamp = Temporal.Instant.fromEpochMilliseconds(item.updatedAt.getTime());
    calendar.createEvent({
      id: item.uid,
      summary: item.title,
      location: item.venue,
      description: item.notes,
      stamp,
      lastModified: stamp,
      ...itemTiming(item),
    });
  }
  return calendar.toString();
}

/** A file name from a title: 'Smith, Cohen; "wedding"' → 'smith-cohen-wedding'; 'event' when nothing is left. */
export function fileSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'event';
}
