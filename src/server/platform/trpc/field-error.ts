import { TRPCError } from '@trpc/server';
import { ZodRealError } from 'zod';

/**
 * A 400 that reads like a validation failure of one field, so forms can show it under that field.
 * ZodRealError is zod's Error subclass (what parse throws); tRPC keeps an Error cause as it is.
 */
export function fieldError(field: string, message: string): TRPCError {
  return new TRPCError({
    code: 'BAD_REQUEST',
    message,
    cause: new ZodRealError([{ code: 'custom', path: [field], message, input: undefined }]),
  });
}
