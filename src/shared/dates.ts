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
