/**
 * A message from the server (or from a shared schema run in the browser) in the reader's language.
 *
 * The server sends each message in English with its code and parameters (tRPC: `error.data.messageCode`
 * and `error.data.messageParams`, and the same on each of `error.data.issues`; REST: the same fields on
 * `error` and its `issues`). The catalogues have `errors.<code>`; a parameter named `label` is a field's
 * English name, translated by its own `errors.label.<name>`, and one named `message` is a whole message
 * inside the message, translated the same way. A message without a known code stays in English.
 */
import { describeMessage, isMessageCode, labelCode } from '../../shared/message-codes';
import type { CodedMessage, FormatMessage } from './message-text';

export type { CodedMessage, FormatMessage } from './message-text';

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
