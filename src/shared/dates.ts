/**
 * Dates and times as the app writes them, on screen and in the texts the server stores, in the
 * reader's language (en-US or he-IL through localeOf). A civil date ('2027-06-15') names a day, not an
 * instant: it is formatted at UTC midnight in UTC, the same wherever it is read. An instant (a Date)
 * is formatted in an IANA zone: the place's, or the runtime's own (the browser's) when null.
 */
import { type Language, localeOf } from './i18n';
import { isKnownZone } from './local-time';

/**
 * How much of a date to write:
 * - 'weekday': 'Tue, Jun 15, 2027' / 'יום ג׳, 15 ביוני 2027' (lists and cards);
 * - 'short': '6/15/2027' / '15.6.2027' (tables);
 * - 'medium': 'Jun 15, 2027' / '15 ביוני 2027';
 * - 'long': 'June 15, 2027' / '15 ביוני 2027';
 * - 'full': 'Tuesday, June 15, 2027' / 'יום שלישי, 15 ביוני 2027' (headings);
 * - 'dayMonth': 'Jun 15' / '15 ביוני'; 'monthYear': 'June 2027' / 'יוני 2027' (a calendar's header).
 */
export type DateStyle = 'weekday' | 'short' | 'medium' | 'long' | 'full' | 'dayMonth' | 'monthYear';

const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  weekday: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
  short: { year: 'numeric', month: 'numeric', day: 'numeric' },
  medium: { month: 'short', day: 'numeric', year: 'numeric' },
  long: { month: 'long', day: 'numeric', year: 'numeric' },
  full: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  dayMonth: { month: 'short', day: 'numeric' },
  monthYear: { month: 'long', year: 'numeric' },
};

/** '7:00 PM' in English; '19:00' and '09:05' in Hebrew, on a 24-hour clock with two-digit hours. */
const TIME_OPTIONS: Record<Language, Intl.DateTimeFormatOptions> = {
  en: { hour: 'numeric', minute: '2-digit' },
  he: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
};

const formats = new Map<string, Intl.DateTimeFormat>();

/** The formatter of a language for `options` in `zone` (null: the runtime's), made once and kept. */
function dateTimeFormat(
  language: Language,
  zone: string | null,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${language} ${zone ?? ''} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    if (zone !== null && !isKnownZone(zone)) throw new RangeError(`Unknown time zone '${zone}'`);
    format = new Intl.DateTimeFormat(
      localeOf(language),
      zone === null ? options : { ...options, timeZone: zone },
    );
    formats.set(key, format);
  }
  return format;
}

function dateStyleOptions(style: DateStyle): Intl.DateTimeFormatOptions {
  const options = DATE_OPTIONS[style];
  if (!options) throw new RangeError(`Unknown date style '${String(style)}'`);
  return options;
}

const CIVIL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** UTC midnight of a civil 'YYYY-MM-DD'; RangeError for anything else or a day that does not exist. */
function civilInstant(date: string): Date {
  const match = typeof date === 'string' ? CIVIL_DATE.exec(date) : null;
  const instant = match ? new Date(`${date}T00:00:00Z`) : null;
  if (!match || !instant || Number.isNaN(instant.getTime()) || instant.toISOString().slice(0, 10) !== date) {
    throw new RangeError(`Invalid date '${date}': expected 'YYYY-MM-DD'`);
  }
  return instant;
}

/** A calendar date ('2027-06-15') in a language and style, the same in every time zone. */
export function formatDate(date: string, language: Language, style: DateStyle = 'medium'): string {
  return dateTimeFormat(language, 'UTC', dateStyleOptions(style)).format(civilInstant(date));
}

/**
 * Two calendar dates as one range in a language and style, as Intl writes a range: 'long' gives
 * 'April 18 – 24, 2027', 'April 25 – May 1, 2027' / '18–24 באפריל 2027', '25 אפריל – 1 מאי 2027'
 * (a week's heading). Like formatDate, the same in every time zone.
 */
export function formatDateRange(
  start: string,
  end: string,
  language: Language,
  style: DateStyle = 'medium',
): string {
  const from = civilInstant(start);
  const to = civilInstant(end);
  if (to < from) throw new RangeError(`A range ends before it starts: '${start}' to '${end}'`);
  return dateTimeFormat(language, 'UTC', dateStyleOptions(style)).formatRange(from, to);
}

/**
 * A calendar date ('2027-06-15') as 'Tue, Jun 15, 2027' ('יום ג׳, 15 ביוני 2027' in Hebrew), the same
 * wherever it is read: a civil date names a day, not an instant, so it is formatted at UTC midnight in UTC.
 */
export function formatCivilDay(date: string, language: Language = 'en'): string {
  return formatDate(date, language, 'weekday');
}

/**
 * A checked 'HH:MM' as '7:00 PM' ('19:00' in Hebrew): a time on the clock of a place, the same
 * wherever it is read.
 */
export function formatClockTime(time: string, language: Language = 'en'): string {
  const minutes = minutesOfTime(time);
  return dateTimeFormat(language, 'UTC', TIME_OPTIONS[language]).format(
    new Date(Date.UTC(2000, 0, 1, Math.floor(minutes / 60), minutes % 60)),
  );
}

/** 'Tue, Jan 5, 2027 at 7:00 PM' ('יום ג׳, 5 בינו׳ 2027 בשעה 19:00'), or the day alone without a time. */
export function formatCivilDayTime(
  date: string,
  time: string | null | undefined,
  language: Language = 'en',
): string {
  const day = formatCivilDay(date, language);
  if (!time) return day;
  return `${day} ${language === 'he' ? 'בשעה' : 'at'} ${formatClockTime(time, language)}`;
}

/** An instant's date in a zone (null: the runtime's own), in a language and style. */
export function formatInstantDate(
  at: Date | number,
  zone: string | null,
  language: Language,
  style: DateStyle = 'medium',
): string {
  return dateTimeFormat(language, zone, dateStyleOptions(style)).format(checkedInstant(at));
}

/** An instant's time on the clock of a zone (null: the runtime's own): '4:12 PM' / '16:12'. */
export function formatInstantTime(at: Date | number, zone: string | null, language: Language): string {
  return dateTimeFormat(language, zone, TIME_OPTIONS[language]).format(checkedInstant(at));
}

/**
 * An instant's date and time in a zone (null: the runtime's own): 'medium' is 'Dec 18, 2026, 4:12 PM'
 * / '18 בדצמ׳ 2026, 16:12'; 'full' is 'Friday, December 18, 2026 at 4:12 PM' / 'יום שישי, 18 בדצמבר
 * 2026 בשעה 16:12'.
 */
export function formatInstantDateTime(
  at: Date | number,
  zone: string | null,
  language: Language,
  style: 'medium' | 'full' = 'medium',
): string {
  if (style !== 'medium' && style !== 'full')
    throw new RangeError(`Unknown date and time style '${String(style)}'`);
  const date = formatInstantDate(at, zone, language, style);
  const time = formatInstantTime(at, zone, language);
  if (style === 'medium') return `${date}, ${time}`;
  return `${date} ${language === 'he' ? 'בשעה' : 'at'} ${time}`;
}

function checkedInstant(at: Date | number): Date {
  const instant = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid instant');
  return instant;
}

/**
 * The names of the days of the week from Sunday (the calendar's week starts on Sunday in both
 * languages): 'narrow' ('S' / 'א׳') for a month grid's header, 'short' ('Sun' / 'יום א׳'), 'long'.
 */
export function weekdayNames(language: Language, width: 'narrow' | 'short' | 'long'): string[] {
  if (width !== 'narrow' && width !== 'short' && width !== 'long') {
    throw new RangeError(`Unknown weekday width '${String(width)}'`);
  }
  const format = dateTimeFormat(language, 'UTC', { weekday: width });
  // 2026-11-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2026, 10, 1 + i))));
}

const DAY_MINUTES = 24 * 60;

/** Minutes after midnight of a checked 'HH:MM'. */
export function minutesOfTime(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** The 'HH:MM' a length of minutes after `time` ends on the clock (past midnight it wraps). */
export function timeAfter(time: string, minutes: number): string {
  const end = (((minutesOfTime(time) + minutes) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
}

/** Minutes from `start` to `end` on the clock, an end earlier than the start being the next day's. */
export function minutesBetweenTimes(start: string, end: string): number {
  return (minutesOfTime(end) - minutesOfTime(start) + DAY_MINUTES) % DAY_MINUTES;
}
