/**
 * Formatters for the screen, each made once per locale, on first use, and kept: an Intl formatter
 * costs far more to build than to use, and lists format hundreds of values a render.
 *
 * They format in the page's language: the LanguageProvider sets it (setFormatLocale) before its
 * children render, in the browser and when the server draws a page (one drawing at a time).
 */
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, localeOf } from '../../shared/i18n';
import { formatCurrencyMinor, formatNumber } from '../../shared/money';

let locale = 'en-US';

/** The locale the formatters use from now on (localeOf the page's language). */
export function setFormatLocale(next: string): void {
  locale = next;
}

/** The locale the screen is formatted in. */
export function formatLocale(): string {
  return locale;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The date/time formatter of the page's locale for `options`, shared by every caller asking the same. */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format;
}

/** The page's language, for the shared formatters that take one (src/shared/money.ts, dates.ts). */
export function formatLanguage(): Language {
  return LANGUAGES.find((language) => localeOf(language) === locale) ?? DEFAULT_LANGUAGE;
}

/** '$1,200.50' from whole cents: US dollars, the currency the app's amounts are kept in. */
export function formatUsdCents(cents: number): string {
  return formatCurrencyMinor(cents, 'USD', formatLanguage());
}

/** '12,345'. */
export function formatCount(n: number): string {
  return formatNumber(n, formatLanguage());
}
