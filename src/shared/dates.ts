/** Dates as the app writes them, on screen and in the texts the server stores. */

const civilDay = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A calendar date ('2027-06-15') as 'Tue, Jun 15, 2027', the same wherever it is read: a civil date
 * names a day, not an instant, so it is formatted at UTC midnight in UTC.
 */
export function formatCivilDay(date: string): string {
  return civilDay.format(new Date(`${date}T00:00:00Z`));
}

const clockTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });

/** A checked 'HH:MM' as '7:00 PM': a time on the clock of a place, the same wherever it is read. */
export function formatClockTime(time: string): string {
  const minutes = minutesOfTime(time);
  return clockTime.format(new Date(Date.UTC(2000, 0, 1, Math.floor(minutes / 60), minutes % 60)));
}

/** 'Tue, Jan 5, 2027 at 7:00 PM', or the day alone without a time. */
export function formatCivilDayTime(date: string, time: string | null | undefined): string {
  return time ? `${formatCivilDay(date)} at ${formatClockTime(time)}` : formatCivilDay(date);
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
