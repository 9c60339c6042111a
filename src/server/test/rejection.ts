import { TRPCError } from '@trpc/server';
import { expect } from 'vitest';
import { messageCodeFields } from '../platform/http/errors';

/** The TRPCError a procedure call fails with; fails the test when the call succeeds or throws anything else. */
export async function rejection(promise: Promise<unknown>): Promise<TRPCError> {
  const error = await promise.then(
    () => new Error('expected the call to fail'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

/** Asserts that the call fails with a TRPCError of `code` saying `message`. */
export async function expectRejected(
  promise: Promise<unknown>,
  code: TRPCError['code'],
  message: unknown,
): Promise<void> {
  expect(await rejection(promise)).toMatchObject({ code, message });
}

/**
 * Makes each call in turn and asserts that each fails with a TRPCError matching `expected`. One at a
 * time: a call left waiting to be awaited would reject unhandled.
 */
export async function expectEachRejected(
  calls: readonly (() => Promise<unknown>)[],
  expected: { code: TRPCError['code']; message: unknown },
): Promise<void> {
  for (const call of calls) await expectRejected(call(), expected.code, expected.message);
}

/** Asserts the REST answer refusing one field: 400, with the error body naming the field and its message. */
export function expectFieldRefused(
  res: { statusCode: number; json(): unknown },
  field: string,
  message: string,
) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    error: {
      code: 'BAD_REQUEST',
      message,
      ...messageCodeFields(message),
      issues: [{ path: [field], message, ...messageCodeFields(message) }],
    },
  });
}

/** Asserts the REST answer for a path or method that does not exist: a JSON 404, NOT_FOUND. */
export function expectJsonNotFound(
  res: { statusCode: number; headers: Record<string, unknown>; json(): { error: { code: string } } },
  label?: string,
) {
  expect(res.statusCode, label).toBe(404);
  expect(res.headers['content-type'], label).toMatch(/application\/json/);
  expect(res.json().error.code, label).toBe('NOT_FOUND');
}
