import type { Db } from '../../platform/db/create-db';
import { prepared } from '../../platform/db/prepared';
import { announceSessionsEnded } from '../../platform/live/live-events';
import { newSecretToken, sha256Hex } from '../../platform/tokens';
import { userColumns } from '../users/users.queries';

export const SESSION_COOKIE = 'simchahub_session';

/** Sliding expiry is moved at most this often, so the cookie is not rewritten on every request. */
const RENEW_INTERVAL_MS = 60 * 60 * 1000;

/** "Last seen" is written at most this often: fresh enough for the session list, no write per request. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** 256 random bits, URL-safe. Only its SHA-256 is stored, so a database leak yields no usable token. */
export function newSessionToken(): string {
  return newSecretToken();
}

export function hashSessionToken(token: string): string {
  return sha256Hex(token);
}

export async function createSession(
  db: Db,
  input: { userId: string; ttlMs: number; now: Date; userAgent: string | null; ip: string },
): Promise<{ token: string; id: string; expiresAt: Date }> {
  const token = newSessionToken();
  const expiresAt = new Date(input.now.getTime() + input.ttlMs);
  // The person is seen at sign-in: their row written in the same statement as the new session.
  const row = await db
    .with('seen', (q) =>
      q.updateTable('users').set({ lastSeenAt: input.now }).where('id', '=', input.userId).returning('id'),
    )
    .insertInto('sessions')
    .values({
      tokenHash: hashSessionToken(token),
      userId: input.userId,
      expiresAt,
      createdAt: input.now,
      lastUsedAt: input.now,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
      ipAddress: input.ip,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, id: row.id, expiresAt };
}

/** The session of a token hash with its user, if live; read on every signed-in request, so prepared. */
const liveSessionOf = prepared(2, (db: Db, tokenHash: string, now: Date) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select([
      ...userColumns,
      'sessions.id as sessionId',
      'sessions.expiresAt as sessionExpiresAt',
      'sessions.lastUsedAt as sessionLastUsedAt',
    ])
    .where('sessions.tokenHash', '=', tokenHash)
    .where('sessions.expiresAt', '>', now)
    .where('users.suspendedAt', 'is', null),
);

/**
 * Finds the live session of a token with its user. Records when it and its user were last seen (at
 * most once a minute) and extends the expiry when it was last extended over an hour ago; returns whether it
 * extended it so the caller can refresh the cookie. A suspended account has no live session, even
 * should one of its rows outlast the suspension that deletes them.
 */
export async function resolveSession(db: Db, token: string, ttlMs: number, now: Date) {
  const [row] = await liveSessionOf(db, hashSessionToken(token), now);
  if (!row) return null;
  const { sessionId, sessionExpiresAt, sessionLastUsedAt, ...user } = row;
  const lastRenewedAt = sessionExpiresAt.getTime() - ttlMs;
  const renewed = now.getTime() - lastRenewedAt >= RENEW_INTERVAL_MS;
  const touched = now.getTime() - sessionLastUsedAt.getTime() >= TOUCH_INTERVAL_MS;
  const expiresAt = renewed ? new Date(now.getTime() + ttlMs) : sessionExpiresAt;
  if (renewed || touched) {
    // One statement records the use on the person (what the admin's "Last seen" reads, which
    // outlives the session) and on the session. The person's row is locked first, as a suspension
    // locks it before deleting the sessions, so the two never wait on each other in a circle.
    await db
      .with('seen', (q) =>
        q.updateTable('users').set({ lastSeenAt: now }).where('id', '=', user.id).returning('id'),
      )
      .updateTable('sessions')
      .set(renewed ? { lastUsedAt: now, expiresAt } : { lastUsedAt: now })
      .where('id', '=', sessionId)
      .where('userId', 'in', (eb) => eb.selectFrom('seen').select('seen.id'))
      .execute();
  }
  return { user, session: { id: sessionId, expiresAt }, renewed };
}

/**
 * Every way a session ends goes through here or deleteSessionsOfUser: each tells the user's open
 * live streams, on every server process, to check their session now (a NOTIFY sent when the
 * caller's transaction commits), so a stream never outlives its session by more than a moment.
 */
export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  const ended = await db
    .deleteFrom('sessions')
    .where('id', '=', sessionId)
    .returning('userId')
    .executeTakeFirst();
  if (ended) await announceSessionsEnded(db, ended.userId);
}

export async function deleteExpiredSessions(db: Db, now: Date): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expiresAt', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The user's live sessions, most recently seen first. */
export async function listLiveSessions(db: Db, userId: string, now: Date) {
  return db
    .selectFrom('sessions')
    .select(['id', 'userAgent', 'ipAddress', 'createdAt', 'lastUsedAt'])
    .where('userId', '=', userId)
    .where('expiresAt', '>', now)
    .orderBy('lastUsedAt', 'desc')
    .orderBy('id')
    .execute();
}

/**
 * Ends every session of the user except one (all of them when `keep` is null); returns how many of
 * those were still live. Expired rows go too.
 */
export async function deleteSessionsOfUser(
  db: Db,
  userId: string,
  keep: string | null,
  now: Date,
): Promise<number> {
  let q = db.deleteFrom('sessions').where('userId', '=', userId);
  if (keep) q = q.where('id', '!=', keep);
  const ended = await q.returning('expiresAt').execute();
  if (ended.length > 0) await announceSessionsEnded(db, userId);
  return ended.filter((row) => row.expiresAt > now).length;
}
