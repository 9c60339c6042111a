import { createIntl, createIntlCache, type IntlShape } from 'react-intl/server';
import { DEFAULT_LANGUAGE, type Language, localeOf } from '../../../shared/i18n';
import en from './messages/en.json';
import he from './messages/he.json';

/**
 * The sentences an RSVP page's view writes itself (rsvp.notes.ts): the notes about Shabbat and
 * Yom Tov beside an event, and the evening's Hebrew date; one catalogue per language
 * (messages/<language>.json) in ICU MessageFormat, as the mails' (platform/mail/mail-texts.ts). The
 * English catalogue is the texts the page always had; the Hebrew one follows docs/glossary.md. Both
 * have the same keys (checked with the pages' catalogues, doors/pages/page-texts.test.ts).
 */
export type RsvpMessageId = keyof typeof en;

export const RSVP_CATALOGUES: Record<Language, Record<RsvpMessageId, string>> = { en, he };

const cache = createIntlCache();
const intls = new Map<Language, IntlShape>();

function intlOf(language: Language): IntlShape {
  let intl = intls.get(language);
  if (!intl) {
    intl = createIntl(
      {
        locale: localeOf(language),
        defaultLocale: localeOf(DEFAULT_LANGUAGE),
        // react-intl's message ids are typed for the client's catalogue; this is another set of ids.
        messages: RSVP_CATALOGUES[language] as never,
        // A missing key or value is a programming error: fail loudly rather than write half a note.
        onError: (error) => {
          throw error;
        },
      },
      cache,
    );
    intls.set(language, intl);
  }
  return intl;
}

type Format = (descriptor: { id: RsvpMessageId }, values?: Record<string, string | number>) => string;

/** A message of the catalogue in `language`, with its values as they are. */
export function rsvpText(
  language: Language,
  id: RsvpMessageId,
  values: Record<string, string | number> = {},
): string {
  return (intlOf(language).formatMessage as unknown as Format)({ id }, values);
}
