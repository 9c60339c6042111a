import { TRPCClientError } from '@trpc/client';

/**
 * The message the server wrote for a person to read, or null when the call never reached it
 * (offline, proxy down) and a screen's own fallback text fits better.
 */
export function serverMessage(error: unknown): string | null {
  if (error instanceof TRPCClientError && error.data && typeof error.message === 'string' && error.message) {
    return error.message;
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
