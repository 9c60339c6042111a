import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { retryAfterOf } from '../limits/rate-limit';
import { publicMessage, type ValidationIssue, validationIssues } from '../trpc/init';

/** The one JSON error shape of the REST surface. */
export interface ErrorBody {
  error: { code: string; message: string; issues?: ValidationIssue[] };
}

export function errorBody(code: string, message: string, issues?: ValidationIssue[]): ErrorBody {
  return { error: issues ? { code, message, issues } : { code, message } };
}

export function restError(error: unknown): { status: number; body: ErrorBody; retryAfter: number | null } {
  const trpcError =
    error instanceof TRPCError ? error : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error });
  return {
    status: getHTTPStatusCodeFromError(trpcError),
    body: errorBody(trpcError.code, publicMessage(trpcError), validationIssues(trpcError)),
    retryAfter: retryAfterOf([trpcError]),
  };
}
