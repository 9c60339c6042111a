import type { Language } from '../../shared/i18n';
import { type CompiledMessages, intlMessages } from './compiled';
import type enMessages from './en';

/**
 * Every message the client shows, by id (`<namespace>.<name>`): the English catalogue's keys, which
 * every other catalogue must have too (catalogues.test.ts).
 */
export type MessageId = keyof typeof enMessages;
/** A catalogue as react-intl takes it (compiled by the build, or as written; see compiled.ts). */
export type Messages = CompiledMessages;

declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}

/** A language's catalogue, in its own chunk: a page loads only its language's. */
export async function loadMessages(language: Language): Promise<Messages> {
  const loaded = language === 'he' ? await import('./he') : await import('./en');
  return intlMessages(loaded.default);
}
