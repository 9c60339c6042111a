import { createIntl, createIntlCache, type IntlShape } from 'react-intl/server';
import { DEFAULT_LANGUAGE, type Language, localeOf } from '../../../shared/i18n';

const cache = createIntlCache();

/**
 * The server's formatter for one of its catalogues (the mails', the pages', the RSVP notes'), made
 * once per language on first use and kept. A missing key or value is a programming error: it throws,
 * so nothing is sent or drawn half written.
 */
export function catalogueIntl(
  catalogues: Partial<Record<Language, Record<string, unknown>>>,
): (language: Language) => IntlShape {
  const intls = new Map<Language, IntlShape>();
  return (language) => {
    let intl = intls.get(language);
    if (!intl) {
      intl = createIntl(
        {
          locale: localeOf(language),
          defaultLocale: localeOf(DEFAULT_LANGUAGE),
          // react-intl's message ids are typed for the client's catalogue (src/client/i18n/catalogue.ts,
          // a global declaration): each server catalogue is another set of ids.
          messages: catalogues[language] as never,
          onError: (error) => {
            throw error;
          },
        },
        cache,
      );
      intls.set(language, intl);
    }
    return intl;
  };
}
