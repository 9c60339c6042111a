import { TRPCClientError } from '@trpc/client';
import { type CodedMessage, messageText } from '../i18n/message-text';

/** A message as the server sent it: its English text, with its code and parameters when it has them. */
export function codedMessage(message: string, data: unknown): CodedMessage {
  const { messageCode, messageParams } = (data ?? {}) as { messageCode?: unknown; messageParams?: unknown };
  return {
    message,
    messageCode: typeof messageCode === 'string' ? messageCode : null,
    messageParams:
      messageParams && typeof messageParams === 'object'
        ? (messageParams as CodedMessage['messageParams'])
        : null,
  };
}

/**
 * The message the server wrote for a person to read, in the page's language (by its code), or null
 * when the call never reached it (offline, proxy down) and a screen's own fallback text fits better.
 */
export function serverMessage(error: unknown): string | null {
  if (error instanceof TRPCClientError && error.data && typeof error.message === 'string' && error.message) {
    return messageText(codedMessage(error.message, error.data));
  }
  return null;
}

/** The tRPC error code (UNAUTHORIZED, FORBIDDEN, CONFLICT, ...) when the server answered with one. */
export function errorCode(error: unknown): string | null {
  if (error instanceof TRPCClientError) {
    const code: unknown = error.data?.code;
    return typeof code === 'string' ? code : null;
  }
  return null;
}

/**
 * The field a server refusal names (the first element of its first issue's path), with its
 * message, so a form can show it under that field instead of in a toast. Null when the server
 * named no field.
 */
export function serverFieldError(error: unknown): { field: string; message: string } | null {
  if (!(error instanceof TRPCClientError)) return null;
  const issues: unknown = error.data?.issues;
  if (!Array.isArray(issues)) return null;
  for (const issue of issues) {
    const field: unknown = issue?.path?.[0];
    const message: unknown = issue?.message;
    if (typeof field === 'string' && typeof message === 'string') {
      return { field, message: messageText(codedMessage(message, issue)) };
    }
  }
  return null;
}
