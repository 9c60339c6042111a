import type { Db } from '../db/create-db';

/** How long a create's answer is kept for its retries. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** Drops answers older than the 24 hours they are kept for; a retry after that runs as new anyway. */
export async function deleteExpiredIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('idempotencyKeys')
    .where('createdAt', '<=', new Date(now.getTime() - IDEMPOTENCY_TTL_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
