import { TRPCError } from '@trpc/server';
import { STALE_WRITE_MESSAGE } from '../../../shared/schemas/common';

/**
 * 409 CONFLICT for an update made from a stale version: it carries the row as it is now, which
 * tRPC callers find in error.data.current and REST callers in the body's error.current.
 */
export class StaleWriteError extends TRPCError {
  readonly current: unknown;

  constructor(current: unknown, message = STALE_WRITE_MESSAGE) {
    super({ code: 'CONFLICT', message });
    this.current = current;
  }
}

/**
 * 412 PRECONDITION FAILED for an update whose If-Match names no version the row still has (REST):
 * like a stale `version`, it carries the row as it is now, in the body's error.current.
 */
export class PreconditionFailedError extends TRPCError {
  readonly current: unknown;

  constructor(current: unknown, message = STALE_WRITE_MESSAGE) {
    super({ code: 'PRECONDITION_FAILED', message });
    this.current = current;
  }
}
