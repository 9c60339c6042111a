import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/i18n';
import { observanceName } from '../../shared/observance-names';
import { useIsolate } from '../i18n/use-isolate';

/**
 * Observances by the names the calendar and the observance rules give them in English ('Shabbat',
 * 'Passover', 'the Omer'), in the page's language. Apart from observance-reason.ts, whose sentences
 * are a namespace of their own: a screen that shows a name alone does not load them.
 */

/** Keeps a name in Latin letters in its own order inside a right-to-left sentence (useIsolate). */
export type Isolate = (text: string) => string;

/**
 * An observance's name in a language ('Passover' -> 'פסח'); one the shared names do not know (stored
 * by an earlier version) stays as it came, isolated.
 */
export function nameIn(name: string, language: Language, isolate: Isolate, date?: string): string {
  const said = observanceName(name, language, date);
  return said === name && language !== 'en' ? isolate(name) : said;
}

/** The page's language, by its messages' locale (so under a bare IntlProvider too). */
export function usePageLanguage(): Language {
  const { locale } = useIntl();
  return LANGUAGES.find((l) => locale === l || locale.startsWith(`${l}-`)) ?? DEFAULT_LANGUAGE;
}

/**
 * The spec's short reason ('Shabbat', 'Passover', 'the Omer') in the page's language; a name the
 * shared names do not know stays as it came, isolated.
 */
export function useObservanceName(): (name: string, date?: string) => string {
  const language = usePageLanguage();
  const isolate = useIsolate();
  return useCallback((name, date) => nameIn(name, language, isolate, date), [language, isolate]);
}
