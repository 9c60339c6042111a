import { DEFAULT_LANGUAGE, directionOf, type Language, localeOf } from '../../../shared/i18n';
import { catalogueIntl } from '../i18n/catalogue-intl';
import en from './messages/en.json';
import he from './messages/he.json';

/**
 * The words of every mail the product sends, one catalogue per language (messages/<language>.json),
 * in ICU MessageFormat, formatted with FormatJS's createIntl (react-intl/server: no React needed).
 * Keys are `<domain>.<mail>.<part>` ("auth.passwordReset.subject"); `layout.*` are the words every
 * mail shares (greeting, sign-off, footers). The English catalogue is the spec's own texts; the
 * Hebrew one follows docs/glossary.md. Both have the same keys and the same placeholders
 * (mail-texts.test.ts).
 *
 * A mail is written in its recipient's language: the recipient's users.language, or, for someone
 * without an account (a guest's invitation), the language of the person who sends it. The language
 * is settled when the mail is queued, and the mail is written then, whole, into the outbox row with
 * its language (enqueueMail): a retry sends the very mail that was queued, even if the recipient
 * changes their language or the catalogue changes in between, and the worker needs no catalogue.
 */
export type MailMessageId = keyof typeof en;

/** Values of a message: strings are names, titles, addresses; numbers are counted (ICU plurals). */
export type MailValues = Record<string, string | number>;

export const MAIL_CATALOGUES: Record<Language, Record<MailMessageId, string>> = { en, he };

/** First strong isolate and pop directional isolate (Unicode UAX #9): the text form of `<bdi>`. */
export const FSI = '\u2068';
export const PDI = '\u2069';
const ISOLATE_CONTROLS = /[\u2066-\u2069]/g;

export interface MailTexts {
  language: Language;
  locale: string;
  dir: 'ltr' | 'rtl';
  /**
   * A message of the catalogue. In a right-to-left mail every string value (a name, a title, an
   * address, a date) is isolated from the words around it, so a Latin name or an e-mail address
   * keeps its own order inside a Hebrew sentence; the layout turns the isolates into `<bdi>` in HTML
   * (render.ts); a value that chooses words (`{decision, select, ...}`) is matched, not shown, so it
   * stays as given. English mails stay exactly as they were written before there were languages.
   */
  t(id: MailMessageId, values?: MailValues): string;
  /** A value that is shown alone (a user's own paragraph), isolated as t() isolates values. */
  isolate(value: string): string;
  /** A civil day ('YYYY-MM-DD') in words: "March 14, 2027", "14 במרץ 2027"; with weekday, "Sunday, ...". */
  day(day: string, options?: { weekday?: boolean }): string;
  /** An instant in words at a place's zone: "Sunday, December 20, 2026 at 23:59". */
  instant(at: Date, zone: string): string;
}

const intlOf = catalogueIntl(MAIL_CATALOGUES);

/** The value as text, with any isolate controls it carried removed, so the isolates stay paired. */
function isolated(value: string): string {
  return `${FSI}${value.replace(ISOLATE_CONTROLS, '')}${PDI}`;
}

/** `{decision, select, ...}`: the names a message chooses its words by. */
const SELECT_ARGUMENT = /\{\s*([A-Za-z_]\w*)\s*,\s*select\s*,/g;
const selectorsOf = new Map<string, ReadonlySet<string>>();

/**
 * The arguments of a message that choose between its words rather than appear in it: such a value
 * is matched against the message's options, so it is never isolated (an isolated 'approved' would
 * match none of them and fall to `other`).
 */
function selectorsIn(language: Language, id: MailMessageId): ReadonlySet<string> {
  const key = `${language} ${id}`;
  let names = selectorsOf.get(key);
  if (!names) {
    names = new Set(
      [...(MAIL_CATALOGUES[language][id] ?? '').matchAll(SELECT_ARGUMENT)].map((m) => m[1] ?? ''),
    );
    selectorsOf.set(key, names);
  }
  return names;
}

function civilDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
}

/**
 * The client's catalogue types react-intl's message ids (FormatjsIntl.Message, src/client/i18n);
 * the mail catalogue has ids of its own, typed by MailMessageId instead.
 */
type FormatMail = (descriptor: { id: MailMessageId }, values?: Record<string, string | number>) => string;

export function mailTexts(language: Language = DEFAULT_LANGUAGE): MailTexts {
  const format = intlOf(language).formatMessage as unknown as FormatMail;
  const locale = localeOf(language);
  const dir = directionOf(language);
  const isolate = (value: string) => (dir === 'rtl' ? isolated(value) : value);
  const t = (id: MailMessageId, values: MailValues = {}) => {
    const selectors = selectorsIn(language, id);
    const shown = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [
        name,
        typeof value === 'string' && !selectors.has(name) ? isolate(value) : value,
      ]),
    );
    return format({ id }, shown);
  };
  const day = (value: string, options: { weekday?: boolean } = {}) =>
    civilDate(value).toLocaleDateString(locale, {
      timeZone: 'UTC',
      ...(options.weekday ? { weekday: 'long' as const } : {}),
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    });
  const instant = (at: Date, zone: string) => {
    const date = new Intl.DateTimeFormat(locale, {
      timeZone: zone,
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }).format(at);
    // 24-hour clock in both languages, as the product shows times ("23:59").
    const time = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at);
    return format({ id: 'layout.dayAtTime' }, { day: date, time });
  };
  return { language, locale, dir, t, isolate, day, instant };
}
