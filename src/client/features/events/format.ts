import { conflictFor, toCivilDate, toHebrewDate } from '../../../shared/jewish-calendar';

const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const shortDayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** 'Sun, Apr 12, 2026' in the viewer's time zone. */
export function formatDay(date: Date): string {
  return dayFormat.format(date);
}

/** 'Apr 12, 2026'. */
export function formatShortDay(date: Date): string {
  return shortDayFormat.format(date);
}

/** '6:30 PM' from 'HH:MM'. */
export function formatTime(time: string): string {
  const [h, m] = time.split(':').map(Number);
  const at = new Date(2000, 0, 1, h ?? 0, m ?? 0);
  return timeFormat.format(at);
}

/** '12 Kislev 5787' for the local calendar day of a date. */
export function hebrewDateOf(date: Date): string {
  return toHebrewDate(toCivilDate(date)).formatted;
}

export function todayCivil(): string {
  return toCivilDate(new Date());
}

/** An event is upcoming from its own day on, so that today's simcha still shows. */
export function isUpcoming(date: Date): boolean {
  return toCivilDate(date) >= todayCivil();
}

/** The Shabbat or holiday an event at this date and time runs into, or null. */
export function conflictReason(date: Date, time: string | null): string | null {
  const conflict = conflictFor(toCivilDate(date), time);
  return conflict.hasConflict ? conflict.reason : null;
}

/**
 * My Events' order: the upcoming events soonest first, then the past ones, the most recent first,
 * so a recorded past simcha never heads the list (issue 27). The list arrives sorted by date.
 */
export function upcomingThenPast<T extends { date: Date }>(events: readonly T[]): T[] {
  const upcoming = events.filter((event) => isUpcoming(event.date));
  const past = events.filter((event) => !isUpcoming(event.date)).reverse();
  return [...upcoming, ...past];
}
