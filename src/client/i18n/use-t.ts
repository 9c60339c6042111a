import { useCallback, useMemo } from 'react';
import { type PrimitiveType, useIntl } from 'react-intl';
import type { MessageId } from './catalogue';
import { type CodedMessage, messageText, type PageMessages } from './message-text';

/** A message's values: numbers and texts (ICU plurals, selects and placeholders). */
export type MessageValues = Record<string, PrimitiveType>;

/** A message by id, as text, in the page's language: `t('auth.signIn')`, `t('guests.count', { n })`. */
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** The translator of the page's language (for elements with rich parts, `<FormattedMessage>`). */
export function useT(): Translate {
  const intl = useIntl();
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl]);
}

/** The page's translator as the functions that say a coded text take it (message-text.ts). */
export function usePageMessages(): PageMessages {
  const intl = useIntl();
  return useMemo(
    () => ({
      format: (id, values) => intl.formatMessage({ id: id as MessageId }, values),
      has: (id) => Object.hasOwn(intl.messages, id),
      english: intl.locale === 'en' || intl.locale.startsWith('en-'),
    }),
    [intl],
  );
}

/**
 * messageText() bound to the page's translator, for render: a field's message (a client form's
 * catalogue id, or a shared schema's English sentence) in the page's language.
 */
export function useMessageText(): (message: CodedMessage | string) => string {
  const on = usePageMessages();
  return useCallback((message) => messageText(message, on), [on]);
}
