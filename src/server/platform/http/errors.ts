import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyReply } from 'fastify';
import { asServiceUnavailable } from '../db/db-errors';
import { StaleWriteError } from '../db/stale-write';
import { retryAfterOf } from '../limits/rate-limit';
import { publicMessage, type ValidationIssue, validationIssues } from '../trpc/init';

/** The one JSON error shape of the REST surface. */
export interface ErrorBody {
  /** `current`: on 409 CONFLICT from a stale update, the row as it is now. */
  error: { code: string; message: string; issues?: ValidationIssue[]; current?: unknown };
}

export function errorBody(
  code: string,
  message: string,
  issues?: ValidationIssue[],
  current?: unknown,
): ErrorBody {
  return {
    error: {
      code,
      message,
      ...(issues ? { issues } : {}),
      ...(current === undefined ? {} : { current }),
    },
  };
}

/** Answers with `error` as the REST surface does: its status and body, and Retry-After when it has one. */
export function sendRestError(reply: FastifyReply, error: unknown) {
  const { status, body, retryAfter } = restError(error);
  if (retryAfter !== null) reply.header('retry-after', String(retryAfter));
  return reply.code(status).send(body);
}

export function restError(error: unknown): { status: number; body: ErrorBody; retryAfter: number | null } {
  const known = asServiceUnavailable(error);
  const trpcError =
    known instanceof TRPCError ? known : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: known });
  return {
    status: getHTTPStatusCodeFromError(trpcError),
    body: errorBody(
      trpcError.code,
      publicMessage(trpcError),
      validationIssues(trpcError),
      trpcError instanceof StaleWriteError ? trpcError.current : undefined,
    ),
    retryAfter: retryAfterOf([trpcError]),
  };
}
