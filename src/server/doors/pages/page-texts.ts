import { intlMessages } from '../../../client/i18n/compiled';
import heErrors from '../../../client/i18n/messages/he/errors.json';
import { localizeMessage } from '../../../client/i18n/server-message';
import { DEFAULT_LANGUAGE, directionOf, type Language } from '../../../shared/i18n';
import { catalogueIntl } from '../../platform/i18n/catalogue-intl';
import { escapeHtml } from './html-head';
import en from './messages/en.json';
import he from './messages/he.json';

/**
 * The words of the pages the server writes itself, one catalogue per language (messages/<language>.json),
 * in ICU MessageFormat, formatted with FormatJS's createIntl as the mails' are (platform/mail/mail-texts.ts):
 * `head.*` are the heads of the web app's pages (title, description and link previews, page-heads.ts),
 * `rsvp.*` the household's RSVP page (rsvp-page.ts). The English catalogue is the product's own texts;
 * the Hebrew one follows docs/glossary.md. Both have the same keys, and the Hebrew messages use no
 * value the English ones are not given (page-texts.test.ts).
 */
export type PageMessageId = keyof typeof en;

/** Values of a message: strings are names, titles, dates; numbers are counted (ICU plurals). */
export type PageValues = Record<string, string | number>;

export const PAGE_CATALOGUES: Record<Language, Record<PageMessageId, string>> = { en, he };

/** The tags a message may hold for HTML (`<strong>{deadline}</strong>`), written as they are. */
const HTML_TAGS = ['strong'] as const;

export interface PageTexts {
  language: Language;
  dir: 'ltr' | 'rtl';
  /** A message as plain text, values as they are (a <title>, a meta tag's content). */
  t(id: PageMessageId, values?: PageValues): string;
  /**
   * A message as HTML: its words and every value escaped, its <strong> kept; in a right-to-left page
   * each string value is isolated in <bdi>, so a Latin name keeps its own order inside Hebrew words.
   * English pages are written exactly as they were before there were languages.
   */
  html(id: PageMessageId, values?: PageValues): string;
  /** A value shown alone as HTML: escaped, and isolated in <bdi> in a right-to-left page. */
  value(text: string): string;
  /**
   * A server's sentence (an error's message, which the server writes in English) in the page's
   * language, from its code as the web app shows it (the web app's `errors` catalogue); as it is in
   * English, or when it has no code.
   */
  error(message: string): string;
}

const intlOf = catalogueIntl(PAGE_CATALOGUES);

/** The web app's catalogue of the server's sentences, for the languages other than English. */
const ERROR_CATALOGUES: Partial<Record<Language, Record<string, unknown>>> = {
  he: intlMessages(heErrors),
};
const errorIntlOf = catalogueIntl(ERROR_CATALOGUES);

function errorIn(language: Language, message: string): string {
  if (!ERROR_CATALOGUES[language]) return message;
  const intl = errorIntlOf(language);
  const format = intl.formatMessage as unknown as (
    descriptor: { id: string },
    values?: Record<string, string | number>,
  ) => string;
  try {
    return localizeMessage(message, (id, values) => format({ id }, values));
  } catch {
    // A sentence the catalogue cannot say: the server's own words rather than none.
    return message;
  }
}

type Format = (
  descriptor: { id: PageMessageId },
  values?: Record<string, string | number | ((chunks: string[]) => string)>,
) => string;

/** Private-use marks around a value's number, and around a tag's content, while the words are escaped. */
const VALUE_START = '\uE000';
const VALUE_END = '\uE001';
const TAG_MARK = /\uE002(\w+)\uE003|\uE004(\w+)\uE005/g;
const VALUE_MARK = /\uE000(\d+)\uE001/g;

export function pageTexts(language: Language = DEFAULT_LANGUAGE): PageTexts {
  const format = intlOf(language).formatMessage as unknown as Format;
  const dir = directionOf(language);
  const value = (text: string) => (dir === 'rtl' ? `<bdi>${escapeHtml(text)}</bdi>` : escapeHtml(text));
  const t = (id: PageMessageId, values: PageValues = {}) => format({ id }, values);
  const html = (id: PageMessageId, values: PageValues = {}) => {
    const inserted: string[] = [];
    const marked: Record<string, string | number | ((chunks: string[]) => string)> = {};
    for (const [name, v] of Object.entries(values)) {
      if (typeof v === 'number') marked[name] = v;
      else {
        marked[name] = `${VALUE_START}${inserted.length}${VALUE_END}`;
        inserted.push(v);
      }
    }
    for (const tag of HTML_TAGS) {
      marked[tag] = (chunks) => `\uE002${tag}\uE003${chunks.join('')}\uE004${tag}\uE005`;
    }
    return escapeHtml(format({ id }, marked))
      .replace(TAG_MARK, (_, open?: string, close?: string) => (open ? `<${open}>` : `</${close}>`))
      .replace(VALUE_MARK, (_, at: string) => value(inserted[Number(at)] ?? ''));
  };
  const error = (message: string) => errorIn(language, message);
  return { language, dir, t, html, value, error };
}
