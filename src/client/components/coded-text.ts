import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { type CodedSentence, moneyText, type ParamKind, SENTENCE_PARAMS } from '../../shared/coded-sentences';
import { formatCivilDay, formatDate } from '../../shared/dates';
import type { Language } from '../../shared/i18n';
import type { NotificationDto } from '../../shared/schemas/messages';
import { isolate } from '../i18n/bidi';
import type { MessageId } from '../i18n/catalogue';
import { useLanguage } from '../i18n/language';
import type { PageMessages } from '../i18n/message-text';
import { termId } from '../i18n/terms';
import { isRightToLeft } from '../i18n/use-isolate';
import { usePageMessages } from '../i18n/use-t';

/** What a bell item says: its title and its line (empty when it has none). */
export interface NotificationText {
  title: string;
  body: string;
}

type Item = Pick<NotificationDto, 'title' | 'body' | 'about'>;

/** A value as the page's language writes it (names isolated on a right-to-left page). */
function shown(
  kind: ParamKind,
  value: string | number,
  on: PageMessages,
  language: Language,
  rtl: boolean,
): string | number {
  if (value === '') return '';
  switch (kind) {
    case 'number':
      return typeof value === 'number' ? value : Number(value);
    case 'day':
      return formatCivilDay(String(value), language);
    case 'date':
      return formatDate(String(value), language, 'long');
    case 'money':
      return moneyText(String(value), language);
    case 'eventType': {
      const id = termId('eventType', String(value));
      return on.has(id) ? on.format(id) : String(value);
    }
    case 'name':
      return rtl && value !== '' ? isolate(value) : String(value);
    default:
      return String(value);
  }
}

/** A coded sentence's values as the page's language writes them, for its catalogue message. */
export function sentenceValues(
  about: CodedSentence,
  on: PageMessages,
  language: Language,
  rtl: boolean,
): Record<string, string | number> {
  const kinds: Record<string, ParamKind> = SENTENCE_PARAMS[about.code];
  const params: Record<string, string | number> = about.params;
  return Object.fromEntries(
    Object.entries(kinds).map(([name, kind]) => [name, shown(kind, params[name] ?? '', on, language, rtl)]),
  );
}

/**
 * A bell item in the page's language: said from its code (`bell.<code>.title`, `.body`) when the page
 * is not in English and the bell's words have arrived; otherwise the English the server stored (the
 * very sentence the catalogue's English says). A line the code does not write (a message's preview,
 * a reason) is the person's own words, shown as written.
 */
export function notificationText(
  item: Item,
  on: PageMessages,
  language: Language,
  rtl: boolean,
): NotificationText {
  const about = item.about;
  const english = { title: item.title, body: item.body };
  if (!about || on.english) return english;
  const titleId = `bell.${about.code}.title` as MessageId;
  if (!on.has(titleId)) return english;
  const values = sentenceValues(about, on, language, rtl);
  const bodyId = `bell.${about.code}.body`;
  return {
    title: on.format(titleId, values),
    body: on.has(bodyId) ? on.format(bodyId, values) : item.body,
  };
}

/** The page's translator, its language and direction, for the functions above. */
export function usePage(): { on: PageMessages; language: Language; rtl: boolean } {
  const on = usePageMessages();
  const { language } = useLanguage();
  const { locale } = useIntl();
  return useMemo(() => ({ on, language, rtl: isRightToLeft(locale) }), [on, language, locale]);
}

/** notificationText() bound to the page's language, for render. */
export function useNotificationText(): (item: Item) => NotificationText {
  const { on, language, rtl } = usePage();
  return useCallback((item) => notificationText(item, on, language, rtl), [on, language, rtl]);
}
