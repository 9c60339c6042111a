import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import { HTTP_MESSAGES } from '../../../shared/http-messages';
import { asServiceUnavailable } from '../db/db-errors';
import { PreconditionFailedError, StaleWriteError } from '../db/stale-write';
import { retryAfterOf } from '../limits/rate-limit';

export interface ValidationIssue {
  path: (string | number)[];
  message: string;
}

/** Zod issues in a transport-neutral shape, for tRPC error data and the REST error body alike. */
export function validationIssues(error: unknown): ValidationIssue[] | undefined {
  const cause = error instanceof TRPCError ? error.cause : error;
  if (!(cause instanceof ZodError)) return undefined;
  return cause.issues.map((i) => ({
    path: i.path.filter((p): p is string | number => typeof p !== 'symbol'),
    message: i.message,
  }));
}

/** The message a person should read: the first validation issue, or the error's own message. */
export function publicMessage(error: TRPCError): string {
  const issues = validationIssues(error);
  if (issues?.[0]) return issues[0].message;
  if (error.code === 'INTERNAL_SERVER_ERROR') return HTTP_MESSAGES.internal;
  return error.message;
}

/** The one JSON error shape of the REST surface. */
export interface ErrorBody {
  /** `current`: on 409 CONFLICT from a stale update (412 from a stale If-Match), the row as it is now. */
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
      trpcError instanceof StaleWriteError || trpcError instanceof PreconditionFailedError
        ? trpcError.current
        : undefined,
    ),
    retryAfter: retryAfterOf([trpcError]),
  };
}
