/**
 * A message from the server (or from a shared schema run in the browser) in the reader's language.
 *
 * The server sends each message in English with its code and parameters (tRPC: `error.data.messageCode`
 * and `error.data.messageParams`, and the same on each of `error.data.issues`; REST: the same fields on
 * `error` and its `issues`). The catalogues have `errors.<code>`; a parameter named `label` is a field's
 * English name, translated by its own `errors.label.<name>`, and one named `message` is a whole message
 * inside the message, translated the same way. A message without a known code stays in English.
 */
import { describeMessage, isMessageCode, labelCode, type MessageParams } from '../../shared/message-codes';

/** Formats the catalogue message `id` with `values` (react-intl's `intl.formatMessage({ id }, values)`). */
export type FormatMessage = (id: string, values?: Record<string, string | number>) => string;

/** A message as the server sends it: its English text, and its code and parameters when it has them. */
export interface CodedMessage {
  message: string;
  messageCode?: string | null;
  messageParams?: MessageParams | null;
}

/**
 * The reader's sentence for a message: from its code and parameters when given, else from its English
 * text (a client-side zod message, or a server that sent no code); the English text when no code is
 * known.
 */
export function localizeMessage(input: CodedMessage | string, format: FormatMessage): string {
  const coded: CodedMessage = typeof input === 'string' ? { message: input } : input;
  const described =
    coded.messageCode && isMessageCode(coded.messageCode)
      ? { code: coded.messageCode, params: coded.messageParams ?? {} }
      : describeMessage(coded.message);
  if (!described) return coded.message;
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(described.params)) {
    values[name] = localizedParam(name, value, format);
  }
  return format(`errors.${described.code}`, values);
}

function localizedParam(name: string, value: string | number, format: FormatMessage): string | number {
  if (typeof value !== 'string') return value;
  if (name === 'label') {
    const code = labelCode(value);
    return code ? format(`errors.${code}`) : value;
  }
  if (name === 'message') return localizeMessage(value, format);
  return value;
}

/** Each issue of a validation error in the reader's language, by its path (`rows.3.email`). */
export function localizeIssues(
  issues: readonly (CodedMessage & { path: readonly (string | number)[] })[],
  format: FormatMessage,
): { path: readonly (string | number)[]; message: string }[] {
  return issues.map((issue) => ({ path: issue.path, message: localizeMessage(issue, format) }));
}

/** The page's translator and language, kept by LanguageProvider for code that runs outside render. */
let page: { format: FormatMessage; has: (id: string) => boolean; english: boolean } | null = null;

/** Called by LanguageProvider each time it renders, before its children. */
export function setPageMessages(format: FormatMessage, has: (id: string) => boolean, english: boolean): void {
  page = { format, has, english };
}

/**
 * A message to show a person, in the page's language: a catalogue id (a client form's own message,
 * `guests.import.noRows`) is looked up; a server's or a shared schema's message is localized by its
 * code (localizeMessage); on an English page a server's message is shown exactly as it came.
 */
export function messageText(
  input: CodedMessage | string,
  on: { format: FormatMessage; has: (id: string) => boolean; english: boolean } | null = page,
): string {
  const coded: CodedMessage = typeof input === 'string' ? { message: input } : input;
  if (!on) return coded.message;
  if (on.has(coded.message)) return on.format(coded.message);
  if (on.english) return coded.message;
  return localizeMessage(coded, on.format);
}
