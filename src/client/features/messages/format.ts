const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const dayTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const fullFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const weekdayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'short' });
const shortDayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const shortDayYearFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const longFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short' });

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** A message's time: '3:04 PM' today, 'Mar 3, 3:04 PM' this year, with the year before that. */
export function messageTime(date: Date, now: Date = new Date()): string {
  if (sameDay(date, now)) return timeFormat.format(date);
  if (date.getFullYear() === now.getFullYear()) return dayTimeFormat.format(date);
  return fullFormat.format(date);
}

/** A thread's last activity in the list: '3:04 PM' today, 'Tue' this week, 'Mar 3', 'Mar 3, 2025'. */
export function threadTime(date: Date, now: Date = new Date()): string {
  if (sameDay(date, now)) return timeFormat.format(date);
  const days = (now.getTime() - date.getTime()) / 86_400_000;
  if (days >= 0 && days < 6) return weekdayFormat.format(date);
  if (date.getFullYear() === now.getFullYear()) return shortDayFormat.format(date);
  return shortDayYearFormat.format(date);
}

/** 'Tuesday, March 3, 2026 at 3:04 PM', for a time element's title. */
export function fullTime(date: Date): string {
  return longFormat.format(date);
}
