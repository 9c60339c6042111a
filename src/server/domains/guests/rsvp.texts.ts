import type { Language } from '../../../shared/i18n';
import { catalogueIntl } from '../../platform/i18n/catalogue-intl';
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

const intlOf = catalogueIntl(RSVP_CATALOGUES);

type Format = (descriptor: { id: RsvpMessageId }, values?: Record<string, string | number>) => string;

/** A message of the catalogue in `language`, with its values as they are. */
export function rsvpText(
  language: Language,
  id: RsvpMessageId,
  values: Record<string, string | number> = {},
): string {
  return (intlOf(language).formatMessage as unknown as Format)({ id }, values);
}
