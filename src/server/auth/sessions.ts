import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/create-db';

export const SESSION_COOKIE = 'simchahub_session';

/** Sliding expiry is written at most this often, so ordinary reads do not write on every request. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

/** 256 random bits, URL-safe. Only its SHA-256 is stored, so a database leak yields no usable token. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Db,
  input: { userId: string; ttlMs: number; now: Date; userAgent: string | null; ip: string },
): Promise<{ token: string; id: string; expiresAt: Date }> {
  const token = newSessionToken();
  const expiresAt = new Date(input.now.getTime() + input.ttlMs);
  const row = await db
    .insertInto('sessions')
    .values({
      tokenHash: hashSessionToken(token),
      userId: input.userId,
      expiresAt,
      lastUsedAt: input.now,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
      ipAddress: input.ip,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, id: row.id, expiresAt };
}

export const userColumns = [
  'users.id',
  'users.email',
  'users.name',
  'users.phone',
  'users.familyLabel',
  'users.hebrewDatesEnabled',
  'users.shabbatWarningsEnabled',
  'users.emailNotificationsEnabled',
  'users.role',
  'users.createdAt',
] as const;

/**
 * Finds the live session of a token with its user. Extends the expiry when the session was last
 * touched over an hour ago; returns whether it did so the caller can refresh the cookie.
 */
export async function resolveSession(db: Db, token: string, ttlMs: number, now: Date) {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select([
      ...userColumns,
      'sessions.id as sessionId',
      'sessions.expiresAt as sessionExpiresAt',
      'sessions.lastUsedAt as sessionLastUsedAt',
    ])
    .where('sessions.tokenHash', '=', hashSessionToken(token))
    .where('sessions.expiresAt', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  const { sessionId, sessionExpiresAt, sessionLastUsedAt, ...user } = row;
  let expiresAt = sessionExpiresAt;
  let renewed = false;
  if (now.getTime() - sessionLastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
    expiresAt = new Date(now.getTime() + ttlMs);
    await db
      .updateTable('sessions')
      .set({ lastUsedAt: now, expiresAt })
      .where('id', '=', sessionId)
      .execute();
    renewed = true;
  }
  return { user, session: { id: sessionId, expiresAt }, renewed };
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expiresAt', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
