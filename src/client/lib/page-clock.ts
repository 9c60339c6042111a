/**
 * The clock a signed-in page is drawn and taken over by (decision 048). The server draws a person's
 * page with its data, and times among it ("last active 5 minutes ago", what counts as upcoming
 * today), and the browser must take the page over reading the same: so both read this clock. While
 * the server draws a page, and while the browser takes it over, it reads the instant of the drawing;
 * otherwise, now. The zone is the runtime's own on both sides: a page is drawn with its data only
 * for a browser in the server's zone, and the browser draws the page itself if it finds it is not
 * (main.tsx).
 *
 * Module state, like the formatters' language (intl.ts): the server draws one page at a time.
 */
let drawnAt: number | null = null;

/** Sets the instant the page reads as now (null: the clock's own). */
export function setPageClock(next: { now: number } | null): void {
  drawnAt = next?.now ?? null;
}

/** Now, as the page reads it. */
export function pageNow(): Date {
  return drawnAt === null ? new Date() : new Date(drawnAt);
}

const two = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD of `date` in the runtime's zone. */
export function civilDayOf(date: Date): string {
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/** Today's YYYY-MM-DD, as the page reads it. */
export function pageToday(): string {
  return civilDayOf(pageNow());
}
