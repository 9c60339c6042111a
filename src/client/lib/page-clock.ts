/**
 * The clock a signed-in page is drawn and taken over by (decision 048). The server draws a person's
 * page with its data, times among it ("seen 5 minutes ago", "Tue 7:40 PM"), and the browser must
 * take the page over reading the same: so both read this clock. While the server draws, it is the
 * browser's zone (as its cookie says) at the instant of the drawing; while the browser takes the page
 * over, it is the instant of the drawing in the browser's own zone (the app draws the page itself
 * when its zone is not the one the page was drawn in, main.tsx). Otherwise, it is the browser's own
 * clock.
 *
 * Module state, like the formatters' language (intl.ts): the server draws one page at a time.
 */
let clock: { zone?: string; now: number } | null = null;

/** Sets the page's clock (null: the runtime's own, now). */
export function setPageClock(next: { zone?: string; now: number } | null): void {
  clock = next;
}

/** The zone a page is drawn in, or undefined for the runtime's own. */
export function pageZone(): string | undefined {
  return clock?.zone;
}

/** Now, as the page reads it. */
export function pageNow(): Date {
  return clock ? new Date(clock.now) : new Date();
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const two = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD of `date` in the page's zone. */
export function civilDayOf(date: Date): string {
  const zone = clock?.zone;
  if (!zone) return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(zone, format);
  }
  return format.format(date);
}

/** Today's YYYY-MM-DD, as the page reads it. */
export function pageToday(): string {
  return civilDayOf(pageNow());
}
