import { useCallback } from 'react';
import { type PrimitiveType, useIntl } from 'react-intl';
import type { MessageId } from './catalogue';

/** A message's values: numbers and texts (ICU plurals, selects and placeholders). */
export type MessageValues = Record<string, PrimitiveType>;

/** A message by id, as text, in the page's language: `t('auth.signIn')`, `t('guests.count', { n })`. */
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** The translator of the page's language (for elements with rich parts, `<FormattedMessage>`). */
export function useT(): Translate {
  const intl = useIntl();
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl]);
}
