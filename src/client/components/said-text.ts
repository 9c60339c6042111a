import { useCallback } from 'react';
import type { CodedSentence, MessageCode } from '../../shared/coded-sentences';
import type { Language } from '../../shared/i18n';
import type { MessageId } from '../i18n/catalogue';
import type { PageMessages } from '../i18n/message-text';
import { sentenceValues, usePage } from './coded-text';

/**
 * Each message code's words, written out whole so that the screens that say them load the `said`
 * namespace with their code (screens.ts, held by screens.test.ts).
 */
export const SAID_IDS: Record<MessageCode, MessageId> = {
  'message.quote': 'said.message.quote',
};

/**
 * A message the server wrote for a party (a quote) in the page's language, from `said.<code>`; on an
 * English page, or without a code, its text as stored.
 */
export function saidText(
  message: { text: string; about?: CodedSentence | undefined },
  on: PageMessages,
  language: Language,
  rtl: boolean,
): string {
  const { about } = message;
  const id = about ? SAID_IDS[about.code as MessageCode] : undefined;
  if (!about || !id || on.english || !on.has(id)) return message.text;
  return on.format(id, sentenceValues(about, on, language, rtl));
}

/** saidText() bound to the page's language, for render. */
export function useSaidText(): (message: { text: string; about?: CodedSentence | undefined }) => string {
  const { on, language, rtl } = usePage();
  return useCallback((message) => saidText(message, on, language, rtl), [on, language, rtl]);
}
