import type { Language } from '../../../shared/i18n';
import { formatHebrewDate, fromCivilDate } from '../../../shared/jewish-calendar';
import { dateFormat } from '../../lib/intl';
import { pageToday } from '../../lib/page-clock';

/** 'Sun, Apr 12, 2026' in the viewer's time zone, in the page's language. */
export function formatDay(date: Date): string {
  return dateFormat({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }).format(date);
}

/** 'Apr 12, 2026'. */
export function formatShortDay(date: Date): string {
  return dateFormat({ month: 'short', day: 'numeric', year: 'numeric' }).format(date);
}

/** '6:30 PM' from 'HH:MM'. */
export function formatTime(time: string): string {
  const [h, m] = time.split(':').map(Number);
  const at = new Date(2000, 0, 1, h ?? 0, m ?? 0);
  return dateFormat({ hour: 'numeric', minute: '2-digit' }).format(at);
}

/** 'Sat, Dec 19, 2026' for a civil date ('YYYY-MM-DD'): an event's day at its own place. */
export function formatCivilDay(date: string): string {
  return formatDay(fromCivilDate(date));
}

/** '12 Kislev 5787' (in Hebrew: 'י״ב בכסלו תשפ״ז') for a civil date ('YYYY-MM-DD'). */
export function hebrewDateOf(date: string, language: Language): string {
  return formatHebrewDate(date, language);
}

export function todayCivil(): string {
  return pageToday();
}

/** An event is upcoming from its own day (at its place) on, so that today's simcha still shows. */
export function isUpcoming(localDate: string): boolean {
  return localDate >= todayCivil();
}

/**
 * My Events' order: the upcoming events soonest first, then the past ones, the most recent first,
 * so a recorded past simcha never heads the list (issue 27). The list arrives sorted by date.
 */
export function upcomingThenPast<T extends { localDate: string }>(events: readonly T[]): T[] {
  const upcoming = events.filter((event) => isUpcoming(event.localDate));
  const past = events.filter((event) => !isUpcoming(event.localDate)).reverse();
  return [...upcoming, ...past];
}

/** '6:30 PM – 11:00 PM', '6:30 PM', or null without a time: when an event runs. */
export function eventTimes(event: { time: string | null; endTime: string | null }): string | null {
  if (!event.time) return null;
  return event.endTime ? `${formatTime(event.time)} – ${formatTime(event.endTime)}` : formatTime(event.time);
}
