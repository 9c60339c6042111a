import { TRPCError } from '@trpc/server';
import { UNAVAILABLE_MESSAGES } from '../../../shared/http-messages';

/** Why the database could not serve a request: the answer says which, and both mean "try again". */
export type Unavailability = 'unreachable' | 'too-slow' | 'busy';

/** Socket errors of a connection that could not be opened or was lost. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
]);

/** SQLSTATEs that mean the server went away, refused us, or gave up waiting; none is the caller's fault. */
const SQLSTATES: Record<string, Unavailability> = {
  '57P01': 'unreachable', // admin_shutdown: the server is stopping or restarting
  '57P02': 'unreachable', // crash_shutdown
  '57P03': 'unreachable', // cannot_connect_now: starting up or in recovery
  '57P05': 'unreachable', // idle_session_timeout
  '57014': 'too-slow', // query_canceled: statement_timeout
  '55P03': 'too-slow', // lock_not_available: lock_timeout
  '25P03': 'too-slow', // idle_in_transaction_session_timeout
  '53300': 'busy', // too_many_connections
  '53000': 'busy', // insufficient_resources
  '53100': 'busy', // disk_full
  '53200': 'busy', // out_of_memory
};

/** node-postgres and pg-pool report some failures by message only. */
const MESSAGES: [RegExp, Unavailability][] = [
  [/^Connection terminated due to connection timeout/i, 'too-slow'],
  [/^Connection terminated/i, 'unreachable'],
  [/not queryable/i, 'unreachable'],
  [/^Client was closed/i, 'unreachable'],
  [/timeout exceeded when trying to connect/i, 'too-slow'],
  [/^Query read timeout/i, 'too-slow'],
  [/Cannot use a pool after calling end/i, 'unreachable'],
];

/** The database's reason a request failed, when it was the database and not the request. */
export function unavailabilityOf(error: unknown, depth = 0): Unavailability | null {
  if (depth > 5 || typeof error !== 'object' || error === null) return null;
  if (error instanceof DatabaseUnavailableError) return error.reason;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof code === 'string') {
    if (SOCKET_CODES.has(code)) return 'unreachable';
    if (code.startsWith('08')) return 'unreachable'; // connection_exception class
    const known = SQLSTATES[code];
    if (known) return known;
  }
  if (typeof message === 'string') {
    for (const [pattern, reason] of MESSAGES) if (pattern.test(message)) return reason;
  }
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const reason = unavailabilityOf(inner, depth + 1);
      if (reason) return reason;
    }
  }
  return unavailabilityOf(cause, depth + 1);
}

/** Thrown before touching the database when waiting for it is pointless (its queue is full). */
export class DatabaseUnavailableError extends Error {
  constructor(
    readonly reason: Unavailability,
    message: string,
  ) {
    super(message);
    this.name = 'DatabaseUnavailableError';
  }
}

export { UNAVAILABLE_MESSAGES };

/** 503 with Retry-After, in the app's error format on REST and tRPC alike. */
export class ServiceUnavailableError extends TRPCError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number, cause?: unknown) {
    super({ code: 'SERVICE_UNAVAILABLE', message, ...(cause === undefined ? {} : { cause }) });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A database failure as the 503 the caller should see; anything else unchanged. */
export function asServiceUnavailable(error: unknown): unknown {
  if (error instanceof ServiceUnavailableError) return error;
  const reason = unavailabilityOf(error);
  if (!reason) return error;
  return new ServiceUnavailableError(UNAVAILABLE_MESSAGES[reason], reason === 'busy' ? 1 : 2, error);
}

/** PostgreSQL refused a row whose unique key is taken (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
