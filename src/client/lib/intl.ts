/**
 * Formatters for the screen, each made once, on first use, and kept: an Intl formatter costs far
 * more to build than to use, and lists format hundreds of values a render.
 */
const LOCALE = 'en-US';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The en-US date/time formatter for `options`, shared by every caller asking for the same ones. */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(LOCALE, options);
    dateFormats.set(key, format);
  }
  return format;
}

let usd: Intl.NumberFormat | undefined;
let count: Intl.NumberFormat | undefined;

/** '$1,200.50' from whole cents (sums are taken in cents; only the display divides). */
export function formatUsdCents(cents: number): string {
  usd ??= new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'USD' });
  return usd.format(cents / 100);
}

/** '12,345'. */
export function formatCount(n: number): string {
  count ??= new Intl.NumberFormat(LOCALE);
  return count.format(n);
}
