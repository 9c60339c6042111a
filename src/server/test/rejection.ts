import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';

/** The TRPCError a procedure call fails with; fails the test when the call succeeds or throws anything else. */
export async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => new Error('expected the call to fail'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}
