// Without zod, so that a vendor's profile can show it without loading the schemas.

/**
 * The one window of a listing's response figures: its requests of the last 90 days. The public
 * profile and the owner's Analytics tab both show these figures, from one computation, whatever
 * window the tab's visit counts cover (few listings get many requests a month).
 */
export const RESPONSE_FIGURES_DAYS = 90;

/** Made on first use, not as the module loads (a page that imports it may never show a rate). */
let percent: Intl.NumberFormat | undefined;

/** "82%": a response rate (0 to 1) as every screen writes it. */
export function responseRateText(rate: number): string {
  percent ??= new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });
  return percent.format(rate);
}

/** "Usually responds within an hour", from median business minutes. */
export function responseTimeText(minutes: number | null): string | null {
  if (minutes === null) return null;
  if (minutes <= 60) return 'within an hour';
  if (minutes <= 3 * 60) return 'within a few hours';
  if (minutes <= 24 * 60) return 'within a day';
  if (minutes <= 3 * 24 * 60) return 'within a few days';
  return 'in more than a few days';
}
