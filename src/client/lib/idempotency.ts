import { useMemo, useRef } from 'react';

/** 128 random bits as hex; getRandomValues works on plain-http deployments, randomUUID does not. */
function randomKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Idempotency keys for one create form (decision 012). Sending the same input again (a second click,
 * a resubmit after an answer was lost) reuses the key, so the server answers with the first result
 * instead of making a second row; a different input, or any input after a success, gets a new key.
 */
export function useIdempotencyKeys() {
  const last = useRef<{ input: string | undefined; key: string } | null>(null);
  return useMemo(
    () => ({
      keyFor(input: unknown): string {
        const text = JSON.stringify(input);
        if (!last.current || last.current.input !== text) last.current = { input: text, key: randomKey() };
        return last.current.key;
      },
      succeeded() {
        last.current = null;
      },
    }),
    [],
  );
}

interface MutateOptions {
  onSuccess?: (...args: never[]) => unknown;
}

interface CreateMutation {
  mutate: (input: never, options?: never) => void;
  mutateAsync: (input: never, options?: never) => Promise<unknown>;
}

/** A create mutation whose every call carries an idempotency key; otherwise the same mutation. */
export function useIdempotentCreate<M extends CreateMutation>(mutation: M): M {
  const keys = useIdempotencyKeys();
  const withKey = (input: unknown) => ({ ...(input as object), idempotencyKey: keys.keyFor(input) });
  const afterSuccess = (options: MutateOptions | undefined): MutateOptions => ({
    ...options,
    onSuccess: (...args) => {
      keys.succeeded();
      return options?.onSuccess?.(...args);
    },
  });
  const mutate = (input: unknown, options?: MutateOptions) =>
    (mutation.mutate as unknown as (i: unknown, o: MutateOptions) => void)(
      withKey(input),
      afterSuccess(options),
    );
  const mutateAsync = async (input?: unknown, options?: MutateOptions) => {
    const result = await (
      mutation.mutateAsync as unknown as (i: unknown, o?: MutateOptions) => Promise<unknown>
    )(withKey(input), options);
    keys.succeeded();
    return result;
  };
  return { ...mutation, mutate, mutateAsync } as M;
}
