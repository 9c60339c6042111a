import { formatDateRange } from '../../../shared/dates';
import type { Language } from '../../../shared/i18n';
import {
  addDays,
  dayOfWeek,
  festivalEve,
  formatHebrewDate,
  fromCivilDate,
  type HebrewDate,
  type Holiday,
  type HolidayType,
  hebrewMonthYear,
  holidayIdOfName,
  holidayName,
  holidaysBetween,
  holidayTitle,
  toCivilDate,
  toHebrewDate,
} from '../../../shared/jewish-calendar';
import type { ObservanceAbout } from '../../../shared/observance-reasons';
import type { CalendarTimesDto } from '../../../shared/schemas/calendar';
import type { ConflictLevel } from '../../../shared/schemas/observance';
import type { Translate } from '../../i18n/use-t';
import { dateFormat, formatLanguage } from '../../lib/intl';
import { pageToday } from '../../lib/page-clock';
import { type DayTimes, timesByDate } from './calendar-times';

/** The Month/Week/Day selector; the month grid is the default. */
export const CALENDAR_VIEWS = ['month', 'week', 'day'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

const CIVIL_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date from the address bar, or null when it is missing or no real day. */
export function parseCivilDate(value: string | null): string | null {
  if (!value || !CIVIL_DATE.test(value)) return null;
  try {
    // Round-tripping rejects impossible days such as 2027-02-30.
    return toCivilDate(fromCivilDate(value)) === value ? value : null;
  } catch {
    return null;
  }
}

export function parseView(value: string | null): CalendarView {
  return CALENDAR_VIEWS.find((view) => view === value) ?? 'month';
}

export function todayCivil(): string {
  return pageToday();
}

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

function civil(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function firstOfMonth(date: string): string {
  const [y, m] = parts(date);
  return civil(y, m, 1);
}

/** Sunday on or before the date: weeks start on Sunday (spec section 2). */
export function weekStart(date: string): string {
  return addDays(date, -dayOfWeek(date));
}

/** The 6-week grid of the month holding `date`: 42 days from the Sunday on or before the 1st. */
export const MONTH_GRID_DAYS = 42;

export function visibleRange(view: CalendarView, anchor: string): { start: string; count: number } {
  if (view === 'month') return { start: weekStart(firstOfMonth(anchor)), count: MONTH_GRID_DAYS };
  if (view === 'week') return { start: weekStart(anchor), count: 7 };
  return { start: anchor, count: 1 };
}

/**
 * The dates calendar.times is asked for: the visible days, and for the day view the days either
 * side, so that a run reaching into the day from the evening before is there.
 */
export function timesRange(view: CalendarView, anchor: string): { from: string; to: string } {
  if (view === 'day') return { from: addDays(anchor, -1), to: addDays(anchor, 1) };
  const { start, count } = visibleRange(view, anchor);
  return { from: start, to: addDays(start, count - 1) };
}

/**
 * Moves the selected day by one month, week or day. A month step selects today when it reaches
 * today's month and the 1st of any other month: keeping the day number (the 27th of every month)
 * drew the selection ring on that number in every month, where it read as a mark of today.
 */
export function shiftAnchor(view: CalendarView, anchor: string, step: 1 | -1, today: string): string {
  if (view === 'week') return addDays(anchor, 7 * step);
  if (view === 'day') return addDays(anchor, step);
  const [y, m] = parts(anchor);
  const index = y * 12 + (m - 1) + step;
  const first = civil(Math.floor(index / 12), (index % 12) + 1, 1);
  return sameMonth(first, today) ? today : first;
}

export function sameMonth(a: string, b: string): boolean {
  return a.slice(0, 7) === b.slice(0, 7);
}

// ---------------------------------------------------------------------------------------------
// Days and what falls on them
// ---------------------------------------------------------------------------------------------

/** What every event on the calendar has, whoever's it is. */
interface EventBase {
  id: string;
  title: string;
  type: string;
  time: string | null;
  venue: string | null;
}

/** The server's judgement of an event at its place (decision 034): its tier, and the spec's flag. */
export interface EventConflict {
  level: ConflictLevel | null;
  /** The tier's message ('Shabbat begins at 16:12 in Brooklyn …'), and by code (observance-reasons.ts). */
  reason: string | null;
  about: ObservanceAbout | null;
  /** The spec's flag and its short reason ('Shabbat', 'the Omer'). */
  hasConflict: boolean;
  legacyReason: string | null;
}

export interface CalendarEvent extends EventBase {
  /** Local calendar date of the event. */
  date: string;
  conflict: EventConflict;
}

export interface FamilyCalendarEvent extends EventBase {
  date: string;
  ownerName: string;
  isYours: boolean;
}

interface EventLike extends EventBase {
  date: Date;
  /** The event's civil date at its place, where the server gives it. */
  localDate?: string;
}

interface JudgedEvent extends EventLike {
  localDate: string;
  hasConflict: boolean;
  conflictReason: string | null;
  conflict: { level: ConflictLevel | null; reason: string | null; about?: ObservanceAbout | null };
}

function byTime(a: { time: string | null }, b: { time: string | null }): number {
  return (a.time ?? '').localeCompare(b.time ?? '');
}

/**
 * The user's events on their dates at their places, each with the tier the server judged it by the
 * clock of its place (decision 034). With Shabbat warnings off no tier is shown.
 */
export function toCalendarEvents(events: readonly JudgedEvent[], warnings = true): CalendarEvent[] {
  return events
    .map((event) => ({
      id: event.id,
      title: event.title,
      type: event.type,
      date: event.localDate,
      time: event.time,
      venue: event.venue,
      conflict: warnings
        ? {
            level: event.conflict.level,
            reason: event.conflict.reason,
            about: event.conflict.about ?? null,
            hasConflict: event.hasConflict,
            legacyReason: event.conflictReason,
          }
        : { level: null, reason: null, about: null, hasConflict: false, legacyReason: null },
    }))
    .sort((a, b) => a.date.localeCompare(b.date) || byTime(a, b));
}

const LEVEL_RANK: Record<ConflictLevel, number> = { info: 1, custom: 2, forbidden: 3 };

/** The gravest tier among events, or null. */
export function worstLevel(events: readonly { conflict: { level: ConflictLevel | null } }[]) {
  let worst: ConflictLevel | null = null;
  for (const { conflict } of events) {
    if (conflict.level && (!worst || LEVEL_RANK[conflict.level] > LEVEL_RANK[worst])) worst = conflict.level;
  }
  return worst;
}

export function toFamilyEvents(
  events: readonly (EventLike & { ownerName: string; isYours: boolean })[],
): FamilyCalendarEvent[] {
  return events
    .map((event) => ({
      id: event.id,
      title: event.title,
      type: event.type,
      date: event.localDate ?? toCivilDate(event.date),
      time: event.time,
      venue: event.venue,
      ownerName: event.ownerName,
      isYours: event.isYours,
    }))
    .sort((a, b) => a.date.localeCompare(b.date) || byTime(a, b));
}

/** The first `limit` family events from today on (spec section 9: four on the calendar). */
export function upcomingFamilyEvents(
  events: readonly FamilyCalendarEvent[],
  today: string,
  limit: number,
): FamilyCalendarEvent[] {
  return events.filter((event) => event.date >= today).slice(0, limit);
}

export interface CalendarDay {
  date: string;
  dayOfMonth: number;
  /** False for the leading and trailing days of the month grid. */
  inMonth: boolean;
  isToday: boolean;
  isSelected: boolean;
  isShabbat: boolean;
  hebrew: HebrewDate;
  holidays: Holiday[];
  events: CalendarEvent[];
  /** Events of the other members of the family circle. */
  familyEvents: FamilyCalendarEvent[];
  /** The festival whose eve this is (evening events conflict), or null. */
  eveOf: string | null;
  /** Distinct holiday types of the day, in legend order. */
  holidayTypes: HolidayType[];
  /** The gravest tier of the day's events (the server's, decision 034), or null. */
  conflictLevel: ConflictLevel | null;
  /** An event of the day is forbidden or avoided by custom. */
  hasConflict: boolean;
  /** Candle-lighting, havdalah, rest spans and marks at the home place; null until known or without one. */
  times: DayTimes | null;
}

export const HOLIDAY_TYPE_ORDER: readonly HolidayType[] = ['major', 'celebration', 'minor', 'fast'];

function groupByDate<T extends { date: string }>(items: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const list = map.get(item.date);
    if (list) list.push(item);
    else map.set(item.date, [item]);
  }
  return map;
}

export interface BuildDaysInput {
  view: CalendarView;
  anchor: string;
  today: string;
  events: readonly CalendarEvent[];
  familyEvents: readonly FamilyCalendarEvent[];
  /** calendar.times for (at least) the visible range, once loaded. */
  times?: CalendarTimesDto | null;
  /** Shabbat warnings: off hides the days' custom and info marks. */
  warnings?: boolean;
}

/** Every visible day with its Hebrew date, holidays (Diaspora), events, conflicts and times. */
export function buildDays({
  view,
  anchor,
  today,
  events,
  familyEvents,
  times,
  warnings = true,
}: BuildDaysInput): CalendarDay[] {
  const { start, count } = visibleRange(view, anchor);
  const end = addDays(start, count - 1);
  const clock = times ? timesByDate(times, warnings) : null;
  const holidays = groupByDate(holidaysBetween(start, end));
  const mine = groupByDate(events.filter((e) => e.date >= start && e.date <= end));
  const family = groupByDate(familyEvents.filter((e) => !e.isYours && e.date >= start && e.date <= end));
  const days: CalendarDay[] = [];
  for (let i = 0; i < count; i++) {
    const date = addDays(start, i);
    const dayHolidays = holidays.get(date) ?? [];
    const dayEvents = mine.get(date) ?? [];
    const level = worstLevel(dayEvents);
    days.push({
      date,
      dayOfMonth: parts(date)[2],
      inMonth: view !== 'month' || sameMonth(date, anchor),
      isToday: date === today,
      isSelected: date === anchor,
      isShabbat: dayOfWeek(date) === 6,
      hebrew: toHebrewDate(date),
      holidays: dayHolidays,
      events: dayEvents,
      familyEvents: family.get(date) ?? [],
      eveOf: festivalEve(date),
      holidayTypes: HOLIDAY_TYPE_ORDER.filter((type) => dayHolidays.some((h) => h.type === type)),
      conflictLevel: level,
      hasConflict: level === 'forbidden' || level === 'custom',
      times: clock?.get(date) ?? null,
    });
  }
  return days;
}

// ---------------------------------------------------------------------------------------------
// Words for the screen
// ---------------------------------------------------------------------------------------------

function local(date: string): Date {
  return fromCivilDate(date);
}

export function formatMonthYear(date: string): string {
  return dateFormat({ month: 'long', year: 'numeric' }).format(local(date));
}

export function formatLongDate(date: string): string {
  return dateFormat({ weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(local(date));
}

export function formatShortDate(date: string): string {
  return dateFormat({ weekday: 'short', month: 'short', day: 'numeric' }).format(local(date));
}

export function formatWeekday(date: string, width: 'short' | 'long' = 'short'): string {
  return dateFormat({ weekday: width }).format(local(date));
}

export function formatMonthShort(date: string): string {
  return dateFormat({ month: 'short' }).format(local(date));
}

/**
 * A week's seven days as Intl writes a range in the page's language: 'April 18 – 24, 2027',
 * 'April 25 – May 1, 2027' / '18–24 באפריל 2027', '25 אפריל – 1 מאי 2027'.
 */
export function formatWeekRange(start: string): string {
  return formatDateRange(start, addDays(start, 6), formatLanguage(), 'long');
}

/** '18:30' as '6:30 PM'. */
export function formatTime(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return dateFormat({ hour: 'numeric', minute: '2-digit' }).format(new Date(2000, 0, 1, h, m));
}

function hebrewSpan(first: HebrewDate, last: HebrewDate, hebrew: boolean): string {
  const month = (h: HebrewDate) => (hebrew ? h.monthHebrew : h.month);
  const year = (h: HebrewDate) => (hebrew ? h.yearHebrew : String(h.year));
  if (first.year !== last.year) return `${month(first)} ${year(first)} – ${month(last)} ${year(last)}`;
  if (first.month === last.month) return `${month(first)} ${year(first)}`;
  return `${month(first)} – ${month(last)} ${year(last)}`;
}

/** The Hebrew month(s) and year of what is on screen, in English and in Hebrew letters. */
export function hebrewHeading(view: CalendarView, anchor: string): { english: string; hebrew: string } {
  if (view === 'month') {
    return { english: hebrewMonthYear(anchor), hebrew: hebrewMonthYear(anchor, { hebrew: true }) };
  }
  if (view === 'week') {
    const start = weekStart(anchor);
    const first = toHebrewDate(start);
    const last = toHebrewDate(addDays(start, 6));
    return { english: hebrewSpan(first, last, false), hebrew: hebrewSpan(first, last, true) };
  }
  const day = toHebrewDate(anchor);
  return { english: day.formatted, hebrew: day.formattedHebrew };
}

export function headingFor(view: CalendarView, anchor: string): string {
  if (view === 'month') return formatMonthYear(anchor);
  if (view === 'week') return formatWeekRange(weekStart(anchor));
  return formatLongDate(anchor);
}

/** One line for a screen reader on a day cell: the date and everything that falls on it. */
export function describeDay(
  t: Translate,
  day: CalendarDay,
  hebrewDates: boolean,
  language: Language,
): string {
  return [formatLongDate(day.date), ...dayNotes(t, day, hebrewDates, language)].join(', ');
}

/**
 * What falls on a day, for a screen reader, after its date: the Hebrew date, today, Shabbat, its
 * holidays, how many events and a conflict.
 */
export function dayNotes(t: Translate, day: CalendarDay, hebrewDates: boolean, language: Language): string[] {
  const bits: string[] = [];
  if (hebrewDates) bits.push(formatHebrewDate(day.date, language));
  if (day.isToday) bits.push(t('calendar.notes.today'));
  if (day.isShabbat) bits.push(t('calendar.notes.shabbat'));
  for (const holiday of day.holidays) bits.push(holidayTitle(holiday, language));
  if (day.times?.candleLighting) bits.push(t('calendar.notes.candles', { time: day.times.candleLighting }));
  if (day.times?.havdalah) bits.push(t('calendar.notes.havdalah', { time: day.times.havdalah }));
  if (day.events.length > 0) bits.push(t('calendar.notes.events', { count: day.events.length }));
  if (day.conflictLevel === 'forbidden') bits.push(t('calendar.notes.conflict'));
  else if (day.conflictLevel === 'custom') bits.push(t('calendar.notes.custom'));
  return bits;
}

/** A festival's name as the calendar gives it ('Passover') in a language ('פסח'); an unknown name stays. */
export function festivalName(name: string, language: Language): string {
  const id = holidayIdOfName(name);
  return id ? holidayName(id, language) : name;
}
