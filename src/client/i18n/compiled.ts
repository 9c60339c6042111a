import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** TYPE.literal of the parser's element types (a constant of its format). */
const LITERAL = 0;

/**
 * The key a catalogue compiled by the build carries (vite.config.ts, precompileMessages): its
 * messages with arguments are syntax trees, and its plain texts are strings that stand for a tree of
 * one literal.
 */
export const COMPILED_MARK = '$compiled';

export type CompiledMessages = Record<string, string | MessageFormatElement[]>;

/**
 * A catalogue as react-intl takes it. Compiled by the build: every plain text becomes its tree of
 * one literal (which react-intl returns as it is, without the parser the browser's build leaves
 * out). Read as written (tests, tsx): the ICU texts, which react-intl parses.
 */
export function intlMessages(catalogue: Record<string, unknown>): CompiledMessages {
  if (!(COMPILED_MARK in catalogue)) return catalogue as CompiledMessages;
  const messages: CompiledMessages = {};
  for (const [id, message] of Object.entries(catalogue)) {
    if (id === COMPILED_MARK) continue;
    messages[id] =
      typeof message === 'string'
        ? [{ type: LITERAL, value: message } as MessageFormatElement]
        : (message as MessageFormatElement[]);
  }
  return messages;
}
