import type { Translate } from '../../i18n/use-t';
import { formatLocale } from '../../lib/intl';
import { pageNow } from '../../lib/page-clock';

const UNITS: { unit: Intl.RelativeTimeFormatUnit; ms: number }[] = [
  { unit: 'year', ms: 365 * 24 * 60 * 60 * 1000 },
  { unit: 'month', ms: 30 * 24 * 60 * 60 * 1000 },
  { unit: 'week', ms: 7 * 24 * 60 * 60 * 1000 },
  { unit: 'day', ms: 24 * 60 * 60 * 1000 },
  { unit: 'hour', ms: 60 * 60 * 1000 },
  { unit: 'minute', ms: 60 * 1000 },
];

const formats = new Map<string, Intl.RelativeTimeFormat>();

/** The page's locale's relative-time formatter, made once per locale. */
function relativeFormat(): Intl.RelativeTimeFormat {
  const locale = formatLocale();
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    formats.set(locale, format);
  }
  return format;
}

/**
 * 'just now', '5 minutes ago', 'yesterday', '3 weeks ago': how long ago `date` was, in the largest
 * whole unit, in the page's language. A clock a little ahead of the server's never shows a time in
 * the future. The last minute reads 'just now' from the catalogue when given the translator, else
 * the locale's own word for the present ('now').
 */
export function timeAgo(date: Date, now: Date = pageNow(), t?: Translate): string {
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  for (const { unit, ms } of UNITS) {
    if (elapsed >= ms) return relativeFormat().format(-Math.floor(elapsed / ms), unit);
  }
  return t ? t('common.time.justNow') : relativeFormat().format(0, 'second');
}
