import type { Db } from '../../platform/db/create-db';
import { lockForUser } from '../../platform/db/transaction';

/**
 * A kind of file users store within a quota of bytes (images, attachments): what they hold, and
 * what of it can be freed at once (rows deleted in the caller's transaction; the caller removes
 * their files after it commits).
 */
export interface UserStorage<Freed> {
  /** The scope of the per-user lock its stores take (lockForUser). */
  lockScope: string;
  bytesOf: (db: Db, userId: string) => Promise<number>;
  reclaim: (trx: Db, userId: string, now: Date) => Promise<Freed[]>;
}

/**
 * Whether the user has any room left, freeing what can be freed when they have none: checked
 * before a body is read, so a full account does not stream a whole file for nothing. The exact
 * check is fitInQuota's, when the file is stored. The caller removes the freed files.
 */
export async function roomLeft<Freed>(
  db: Db,
  storage: UserStorage<Freed>,
  userId: string,
  quotaBytes: number,
  now: Date,
): Promise<{ room: boolean; freed: Freed[] }> {
  if ((await storage.bytesOf(db, userId)) < quotaBytes) return { room: true, freed: [] };
  const freed = await db.transaction().execute((trx) => storage.reclaim(trx, userId, now));
  return { room: (await storage.bytesOf(db, userId)) < quotaBytes, freed };
}

/**
 * Whether `bytes` more fit in the user's quota, freeing what can be freed when they do not. Takes a
 * per-user lock in the caller's transaction first, so concurrent stores (on any server process)
 * cannot pass the quota together. The caller removes the freed files after the commit.
 */
export async function fitInQuota<Freed>(
  trx: Db,
  storage: UserStorage<Freed>,
  request: { userId: string; bytes: number; quotaBytes: number; now: Date },
): Promise<{ fits: boolean; freed: Freed[] }> {
  const { userId, bytes, quotaBytes } = request;
  await lockForUser(trx, storage.lockScope, userId);
  if ((await storage.bytesOf(trx, userId)) + bytes <= quotaBytes) return { fits: true, freed: [] };
  const freed = await storage.reclaim(trx, userId, request.now);
  return { fits: (await storage.bytesOf(trx, userId)) + bytes <= quotaBytes, freed };
}
