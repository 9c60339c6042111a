import { sql } from 'kysely';
import type { Db } from '../../platform/db/create-db';
import { newSecretToken, sha256Hex } from '../../platform/tokens';

export const DEVICE_COOKIE = 'simchahub_device';
const DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * The hash of the caller's device cookie when that browser signed in to the account of this email
 * before, else null. Only callers that bring a cookie pay for the lookup; a guesser elsewhere has
 * none, so nothing about the account is learned from it.
 */
export async function knownDeviceFor(db: Db, email: string, token: string | null): Promise<string | null> {
  if (!token || token.length > 100) return null;
  const tokenHash = sha256Hex(token);
  const row = await db
    .selectFrom('knownDevices')
    .innerJoin('users', 'users.id', 'knownDevices.userId')
    .select('knownDevices.tokenHash')
    .where('knownDevices.tokenHash', '=', tokenHash)
    .where(sql<string>`lower(users.email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row?.tokenHash ?? null;
}

/**
 * After a successful sign-in: keeps the browser's cookie when it is already known for this user,
 * otherwise issues a new one. Returns the token to set, or null when the cookie stays as it is.
 */
export async function rememberDevice(
  db: Db,
  userId: string,
  knownHash: string | null,
  now: Date,
): Promise<{ token: string; expiresAt: Date } | null> {
  if (knownHash) {
    await db
      .updateTable('knownDevices')
      .set({ lastUsedAt: now })
      .where('tokenHash', '=', knownHash)
      .execute();
    return null;
  }
  const token = newSecretToken();
  await db
    .insertInto('knownDevices')
    .values({ tokenHash: sha256Hex(token), userId, lastUsedAt: now })
    .execute();
  // A user keeps at most 20 remembered browsers: the oldest are forgotten first.
  await db
    .deleteFrom('knownDevices')
    .where('userId', '=', userId)
    .where(
      'tokenHash',
      'not in',
      db
        .selectFrom('knownDevices')
        .select('tokenHash')
        .where('userId', '=', userId)
        .orderBy('lastUsedAt', 'desc')
        .limit(20),
    )
    .execute();
  return { token, expiresAt: new Date(now.getTime() + DEVICE_TTL_MS) };
}
