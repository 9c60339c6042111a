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
