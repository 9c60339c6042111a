import { directionOf, type Language, localeOf } from '../../../shared/i18n';
import { observanceName } from '../../../shared/observance-names';
import type { ObservanceAbout } from '../../../shared/observance-reasons';
import type { CalendarTimesDto } from '../../../shared/schemas/calendar';
import type { ConflictLevel } from '../../../shared/schemas/observance';
import { isolate } from '../../i18n/bidi';
import type { Translate } from '../../i18n/use-t';

/**
 * The calendar's clock (issue 28, decision 034): candle-lighting, havdalah and the runs of Shabbat
 * and Yom Tov at the user's home place, read in that place's zone, as the server's messages print
 * them (24-hour 'HH:MM').
 */

type Block = CalendarTimesDto['blocks'][number];
type Place = NonNullable<CalendarTimesDto['place']>;

const clocks = new Map<string, Intl.DateTimeFormat>();
const dates = new Map<string, Intl.DateTimeFormat>();
const weekdays = new Map<string, Intl.DateTimeFormat>();

function cached(
  cache: Map<string, Intl.DateTimeFormat>,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
  locale = 'en-GB',
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone, ...options });
    cache.set(key, format);
  }
  return format;
}

/** '16:12': the instant's time of day in the zone, 24-hour. */
export function formatClock(instant: Date, timeZone: string): string {
  return cached(clocks, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
}

/** '2026-12-18': the instant's civil date in the zone. */
export function civilDateIn(instant: Date, timeZone: string): string {
  const parts = cached(dates, timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA')
    .formatToParts(instant)
    .reduce<Record<string, string>>((all, part) => {
      all[part.type] = part.value;
      return all;
    }, {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** One run of Shabbat and Yom Tov as it falls on one day: from when (null: since the day began) until when (null: past its end). */
export interface DaySpan {
  /** The run's name as the server gives it, in English ('Shabbat and Passover'). */
  name: string;
  /** 'HH:MM' where the run begins this day (candle-lighting), else null. */
  from: string | null;
  /** 'HH:MM' where it ends this day (havdalah), else null. */
  until: string | null;
  /** The whole run, and the place whose clock it is told by. */
  block: Block;
  place: Place;
}

/** The runs overlapping a civil date at the place, clipped to that date. */
export function daySpans(blocks: readonly Block[], date: string, place: Place): DaySpan[] {
  const zone = place.timeZone;
  const spans: DaySpan[] = [];
  for (const block of blocks) {
    const first = civilDateIn(block.startsAt, zone);
    const last = civilDateIn(block.endsAt, zone);
    if (date < first || date > last) continue;
    spans.push({
      name: block.name,
      from: date === first ? formatClock(block.startsAt, zone) : null,
      until: date === last ? formatClock(block.endsAt, zone) : null,
      block,
      place,
    });
  }
  return spans;
}

/**
 * The whole run in words, in the page's language: 'Shabbat: 16:12 Friday – 17:16 Saturday in
 * Brooklyn' / 'שבת: 16:12 יום שישי – 17:16 יום שבת ב־Brooklyn'.
 */
export function blockSentence(t: Translate, language: Language, block: Block, place: Place): string {
  const zone = place.timeZone;
  const at = (instant: Date) =>
    `${formatClock(instant, zone)} ${cached(weekdays, zone, { weekday: 'long' }, localeOf(language)).format(instant)}`;
  return t('calendar.span.sentence', {
    name: observanceName(block.name, language),
    start: at(block.startsAt),
    end: at(block.endsAt),
    // A place's name (in Latin letters) keeps its own order inside a Hebrew sentence.
    place: directionOf(language) === 'rtl' ? isolate(place.name) : place.name,
  });
}

/**
 * 'Shabbat from 16:12', 'Shabbat until 17:16', 'Passover all day' or 'Shabbat 16:12 – 17:16', in
 * the page's language.
 */
export function spanLabel(t: Translate, language: Language, span: DaySpan): string {
  const name = observanceName(span.name, language);
  if (span.from && span.until) return t('calendar.span.range', { name, from: span.from, until: span.until });
  if (span.from) return t('calendar.span.from', { name, from: span.from });
  if (span.until) return t('calendar.span.until', { name, until: span.until });
  return t('calendar.span.allDay', { name });
}

/** What the calendar shows of the clock on one day. */
export interface DayTimes {
  /** 'HH:MM' at the home place, where a run of Shabbat and Yom Tov begins that evening. */
  candleLighting: string | null;
  /** 'HH:MM' where a run ends that evening. */
  havdalah: string | null;
  spans: DaySpan[];
  marks: { level: Exclude<ConflictLevel, 'forbidden'>; reason: string; about?: ObservanceAbout }[];
}

/** Each date's times from calendar.times, by date; marks only when warnings are shown. */
export function timesByDate(times: CalendarTimesDto, warnings: boolean): Map<string, DayTimes> {
  const map = new Map<string, DayTimes>();
  const place = times.place;
  for (const day of times.days) {
    map.set(day.date, {
      candleLighting: place && day.candleLighting ? formatClock(day.candleLighting, place.timeZone) : null,
      havdalah: place && day.havdalah ? formatClock(day.havdalah, place.timeZone) : null,
      spans: place ? daySpans(times.blocks, day.date, place) : [],
      marks: warnings ? day.marks : [],
    });
  }
  return map;
}
