import { TRPCClientError } from '@trpc/client';

/**
 * The row an update was refused with because it was made from a stale version (409 CONFLICT with
 * `data.current`, the row as it is now, in the shape the update answers with); null for any other
 * failure, a taken name or email included.
 */
export function staleCurrent<T>(error: unknown): T | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data = error.data as { code?: unknown; current?: unknown } | null | undefined;
  return data?.code === 'CONFLICT' && data.current ? (data.current as T) : null;
}

/**
 * A cached list with a row put in place of its older copy: an update's answer, or the current row a
 * conflict brought. A copy the cache already holds in a newer version stays.
 */
export function withRow<T extends { id: string; version: number }>(list: T[] | undefined, row: T) {
  return list?.map((item) => (item.id === row.id && row.version >= item.version ? row : item));
}
