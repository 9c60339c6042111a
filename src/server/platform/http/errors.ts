import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import { HTTP_MESSAGES } from '../../../shared/http-messages';
import { describeMessage, type MessageParams } from '../../../shared/message-codes';
import { asServiceUnavailable } from '../db/db-errors';
import { PreconditionFailedError, StaleWriteError } from '../db/stale-write';
import { retryAfterOf } from '../limits/rate-limit';

/** A message's code and parameters (shared/message-codes.ts), when it has a code. */
export interface MessageCoded {
  messageCode?: string;
  messageParams?: MessageParams;
}

export interface ValidationIssue extends MessageCoded {
  path: (string | number)[];
  message: string;
}

/** The code and parameters of an English message, as fields to spread into an error; none when it has no code. */
export function messageCodeFields(message: string): MessageCoded {
  const described = describeMessage(message);
  return described ? { messageCode: described.code, messageParams: described.params } : {};
}

/** Zod issues in a transport-neutral shape, for tRPC error data and the REST error body alike. */
export function validationIssues(error: unknown): ValidationIssue[] | undefined {
  const cause = error instanceof TRPCError ? error.cause : error;
  if (!(cause instanceof ZodError)) return undefined;
  return cause.issues.map((i) => ({
    path: i.path.filter((p): p is string | number => typeof p !== 'symbol'),
    message: i.message,
    ...messageCodeFields(i.message),
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
  /**
   * `message` is the English sentence; `messageCode` and `messageParams` name it, when it has a code,
   * for a client to show it in its reader's language. `current`: on 409 CONFLICT from a stale update
   * (412 from a stale If-Match), the row as it is now.
   */
  error: { code: string; message: string; issues?: ValidationIssue[]; current?: unknown } & MessageCoded;
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
      ...messageCodeFields(message),
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
