import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageId } from '../../src/client/i18n/catalogue';
import en from '../../src/client/i18n/en';
import he from '../../src/client/i18n/he';
import { directionOf, isLanguage, type Language, localeOf } from '../../src/shared/i18n';

/**
 * The language a run of the journeys reads the product in: `npm run test:e2e:he` (E2E_LANGUAGE=he)
 * runs every journey in Hebrew (the browser asks for Hebrew, the demo accounts read Hebrew), and the
 * default run in English. Journeys find what they click and read by the catalogue's words in the
 * run's language (`say`), never by English written into the journey.
 */
export const LANGUAGE: Language = isLanguage(process.env.E2E_LANGUAGE) ? process.env.E2E_LANGUAGE : 'en';
export const LOCALE = localeOf(LANGUAGE);
export const RIGHT_TO_LEFT = directionOf(LANGUAGE) === 'rtl';

const CATALOGUES: Record<Language, Record<string, string>> = { en, he };

/** First-strong isolate … pop directional isolate, as a right-to-left page puts around names. */
const ISOLATES = /[\u2066-\u2069]/g;

/** A text with the directional isolates a right-to-left page puts around names taken out. */
export function withoutIsolates(text: string): string {
  return text.replace(ISOLATES, '');
}

/**
 * A catalogue message in the run's language, as the page shows it, with `values` in place: the
 * button's name, the toast's title. On a right-to-left page the names inside are isolated, so compare
 * with `withoutIsolates` or use `sayPattern`, which allows them.
 */
export function say(id: MessageId, values?: Record<string, string | number>): string {
  return sayIn(LANGUAGE, id, values);
}

/** A catalogue message as `say` gives it, in the language named (a page switched to the other). */
export function sayIn(language: Language, id: MessageId, values?: Record<string, string | number>): string {
  const source = CATALOGUES[language][id];
  if (source === undefined) throw new Error(`No message ${id} in the ${language} catalogue`);
  // A rich text's tags (<accent>, <link>) are the page's elements: their words are what is read.
  const tags = Object.fromEntries(
    tagsOf(parse(source)).map((tag) => [tag, (chunks: unknown[]) => chunks.join('')]),
  );
  return String(new IntlMessageFormat(source, localeOf(language)).format({ ...tags, ...values }));
}

/** The names of a message's tags. */
function tagsOf(elements: MessageFormatElement[]): string[] {
  return elements.flatMap((element) => {
    if (element.type === TYPE.tag) return [element.value, ...tagsOf(element.children)];
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      return Object.values(element.options).flatMap((option) => tagsOf(option.value));
    }
    return [];
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Directional isolates a right-to-left page may put around a value. */
const ISOLATE = '[\\u2066-\\u2069]?';

/** A value given to sayPattern, as the page may show it. */
function valuePattern(value: string | number): string {
  return `${ISOLATE}${escapeRegExp(String(value))}${ISOLATE}`;
}

/** A parsed message as a pattern: literals as written, values given in place, the others any text. */
function elementsPattern(elements: MessageFormatElement[], values: Record<string, string | number>): string {
  return elements
    .map((element) => {
      if (element.type === TYPE.literal) {
        return escapeRegExp(element.value)
          .replace(/[\u2066-\u2069]/g, ISOLATE)
          .replace(/\s+/g, '\\s+');
      }
      if (element.type === TYPE.pound) return `${ISOLATE}.*?${ISOLATE}`;
      if (element.type === TYPE.plural || element.type === TYPE.select) {
        const given = values[element.value];
        const options = Object.entries(element.options)
          .filter(
            ([key]) =>
              element.type !== TYPE.select || given === undefined || key === String(given) || key === 'other',
          )
          .map(([, option]) => elementsPattern(option.value, values));
        return `(?:${options.join('|')})`;
      }
      if (element.type === TYPE.tag) return elementsPattern(element.children, values);
      if ('value' in element && typeof element.value === 'string' && element.value in values) {
        return valuePattern(values[element.value] as string | number);
      }
      return `${ISOLATE}.*?${ISOLATE}`;
    })
    .join('');
}

/**
 * A message as a pattern: `values` given are put in their places; every placeholder not given matches
 * any text, and a plural or select any of its forms; directional isolates are allowed around each
 * value. `start`/`end` anchor it (a label followed by a required mark, a name ending in a count).
 */
export function sayPattern(
  id: MessageId,
  values: Record<string, string | number> = {},
  { start = true, end = false }: { start?: boolean; end?: boolean } = {},
): RegExp {
  const source = CATALOGUES[LANGUAGE][id];
  if (source === undefined) throw new Error(`No message ${id} in the ${LANGUAGE} catalogue`);
  const pattern = elementsPattern(parse(source), values);
  return new RegExp(`${start ? '^' : ''}${pattern}${end ? '$' : ''}`, 's');
}
