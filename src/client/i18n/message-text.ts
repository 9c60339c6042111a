/**
 * What a field, a toast or an alert shows for a message, in the page's language: a client form's own
 * message by its catalogue id, a server's (or a shared schema's) sentence as it came on an English
 * page, and on any other page by its code (server-message.ts, loaded after the first paint with the
 * errors namespace, for it brings every shared schema's sentences with it).
 */
import type { MessageParams } from '../../shared/message-codes';

/** Formats the catalogue message `id` with `values` (react-intl's `intl.formatMessage({ id }, values)`). */
export type FormatMessage = (id: string, values?: Record<string, string | number>) => string;

/** A message as the server sends it: its English text, and its code and parameters when it has them. */
export interface CodedMessage {
  message: string;
  messageCode?: string | null;
  messageParams?: MessageParams | null;
}

/** A page's translator: formats its messages, knows which ids it has, and whether it is in English. */
export interface PageMessages {
  format: FormatMessage;
  has: (id: string) => boolean;
  english: boolean;
}

type Localize = (input: CodedMessage | string, format: FormatMessage) => string;

/** The page's translator, kept by LanguageProvider for code that runs outside render (a toast). */
let page: PageMessages | null = null;
/** localizeMessage (server-message.ts), once loaded. */
let localize: Localize | null = null;

/** Called by LanguageProvider each time it renders, before its children (null: no page, in tests). */
export function setPageMessages(messages: PageMessages | null): void {
  page = messages;
}

/** Called once server-message.ts has loaded (LanguageProvider, on a page not in English). */
export function setLocalizer(localizer: Localize | null): void {
  localize = localizer;
}

/**
 * A message to show a person, in the page's language: a catalogue id (a client form's own message,
 * `guests.import.noRows`) is looked up; a server's or a shared schema's message is shown exactly as it
 * came on an English page, and localized by its code on any other (as it came until the localizer
 * has loaded).
 */
export function messageText(input: CodedMessage | string, on: PageMessages | null = page): string {
  const coded: CodedMessage = typeof input === 'string' ? { message: input } : input;
  if (!on) return coded.message;
  if (on.has(coded.message)) return on.format(coded.message);
  if (on.english || !localize) return coded.message;
  return localize(coded, on.format);
}
