import { useCallback } from 'react';
import type { CodedSentence } from '../../../shared/coded-sentences';
import type { Language } from '../../../shared/i18n';
import { sentenceValues, usePage } from '../../components/coded-text';
import type { PageMessages } from '../../i18n/message-text';

/**
 * A message the server wrote for a party (a quote) in the page's language, from `messages.said.<code>`;
 * on an English page, or without a code, its text as stored.
 */
export function saidText(
  message: { text: string; about?: CodedSentence | undefined },
  on: PageMessages,
  language: Language,
  rtl: boolean,
): string {
  const { about } = message;
  const id = about ? `messages.said.${about.code}` : '';
  if (!about || on.english || !on.has(id)) return message.text;
  return on.format(id, sentenceValues(about, on, language, rtl));
}

/** saidText() bound to the page's language, for render. */
export function useSaidText(): (message: { text: string; about?: CodedSentence | undefined }) => string {
  const { on, language, rtl } = usePage();
  return useCallback((message) => saidText(message, on, language, rtl), [on, language, rtl]);
}
