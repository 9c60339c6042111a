import { type ReactNode, useCallback, useMemo } from 'react';
import { formatCivilDay } from '../../../shared/dates';
import type { Language } from '../../../shared/i18n';
import { parseAvailabilityRequestSubject } from '../../../shared/schemas/requests';
import { useLanguage } from '../../i18n/language';
import { term } from '../../i18n/terms';
import { useIsolate } from '../../i18n/use-isolate';
import { type Translate, useT } from '../../i18n/use-t';

/**
 * The subject an availability request gave its conversation ('Wedding on Tue, Jun 15, 2027:
 * availability request', written by the server in English) in `language`: the very same words in
 * English, the event type and the day in the reader's words otherwise. Null for any other subject:
 * a person's own words, shown as they wrote them.
 */
export function availabilitySubjectText(t: Translate, language: Language, subject: string): string | null {
  const request = parseAvailabilityRequestSubject(subject);
  if (!request) return null;
  return t('messages.subject.availabilityRequest', {
    type: term(t, 'eventType', request.eventType),
    date: formatCivilDay(request.date, language),
  });
}

export interface ConversationSubject {
  /** For an element: a request's subject in the page's language, or the person's words in <bdi>. */
  show: (subject: string) => ReactNode;
  /** For a string (an aria-label): the same, the person's words isolated on right-to-left pages. */
  label: (subject: string) => string;
}

/** A conversation's subject as every screen shows it (the thread list and header, the admin's reports). */
export function useConversationSubject(): ConversationSubject {
  const t = useT();
  const { language } = useLanguage();
  const iso = useIsolate();
  const show = useCallback(
    (subject: string): ReactNode => availabilitySubjectText(t, language, subject) ?? <bdi>{subject}</bdi>,
    [t, language],
  );
  const label = useCallback(
    (subject: string) => availabilitySubjectText(t, language, subject) ?? iso(subject),
    [t, language, iso],
  );
  return useMemo(() => ({ show, label }), [show, label]);
}
