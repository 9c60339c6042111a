import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { directionOf, LANGUAGES } from '../../shared/i18n';
import { isolate } from './bidi';

/** Whether a page in `locale` reads right to left. */
export function isRightToLeft(locale: string): boolean {
  const language = LANGUAGES.find((l) => locale === l || locale.startsWith(`${l}-`));
  return language !== undefined && directionOf(language) === 'rtl';
}

/**
 * isolate() for a string placed inside a message (an aria-label, an alt text, a title, a toast), on
 * right-to-left pages; on left-to-right ones the value is left as it is, so that the English texts
 * (and the names the browser tests find elements by) stay exactly the same. Depends only on the
 * page's language, so a drawn page and the app that takes it over agree.
 */
export function useIsolate(): (text: string | number) => string {
  const { locale } = useIntl();
  const rtl = isRightToLeft(locale);
  return useCallback((text: string | number) => (rtl ? isolate(text) : String(text)), [rtl]);
}
