import { dateFormat } from '../../lib/intl';
import { civilDayOf, pageNow } from '../../lib/page-clock';

const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
const DAY_TIME: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', ...TIME };
const FULL: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', ...TIME };
const WEEKDAY: Intl.DateTimeFormatOptions = { weekday: 'short' };
const SHORT_DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric' };
const SHORT_DAY_YEAR: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
const LONG: Intl.DateTimeFormatOptions = { dateStyle: 'full', timeStyle: 'short' };

/** Whether two instants fall on the same day where the page is read (page-clock.ts). */
function sameDay(a: Date, b: Date): boolean {
  return civilDayOf(a) === civilDayOf(b);
}

function sameYear(a: Date, b: Date): boolean {
  return civilDayOf(a).slice(0, 4) === civilDayOf(b).slice(0, 4);
}

/** A message's time: '3:04 PM' today, 'Mar 3, 3:04 PM' this year, with the year before that. */
export function messageTime(date: Date, now: Date = pageNow()): string {
  if (sameDay(date, now)) return dateFormat(TIME).format(date);
  if (sameYear(date, now)) return dateFormat(DAY_TIME).format(date);
  return dateFormat(FULL).format(date);
}

/** A thread's last activity in the list: '3:04 PM' today, 'Tue' this week, 'Mar 3', 'Mar 3, 2025'. */
export function threadTime(date: Date, now: Date = pageNow()): string {
  if (sameDay(date, now)) return dateFormat(TIME).format(date);
  const days = (now.getTime() - date.getTime()) / 86_400_000;
  if (days >= 0 && days < 6) return dateFormat(WEEKDAY).format(date);
  if (sameYear(date, now)) return dateFormat(SHORT_DAY).format(date);
  return dateFormat(SHORT_DAY_YEAR).format(date);
}

/** 'Tuesday, March 3, 2026 at 3:04 PM', for a time element's title. */
export function fullTime(date: Date): string {
  return dateFormat(LONG).format(date);
}
