import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../demo/factories';
import { rowsWhere } from '../../test/fixtures';
import { harnessForFile } from '../../test/harness';
import { SseConnection } from '../../test/sse-client';
import { hashResetToken, insertResetToken, newResetToken } from './account.queries';
import { createSession, deleteExpiredSessions, hashSessionToken, resolveSession } from './sessions';

const h = harnessForFile();

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('database sessions', () => {
  it('stores only the hash of a 256-bit token', async () => {
    const user = await createUser(h.db);
    const { token } = await createSession(h.db, {
      userId: user.id,
      ttlMs: DAY,
      now: new Date(),
      userAgent: null,
      ip: '::1',
    });
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await rowsWhere(h.db, 'sessions', { userId: user.id });
    expect(rows.map((r) => r.tokenHash)).toEqual([hashSessionToken(token)]);
  });

  it('slides the expiry with use, at most once an hour, and ends after the ttl of inactivity', async () => {
    const user = await createUser(h.db);
    const start = new Date('2026-03-01T12:00:00Z');
    const ttl = 30 * DAY;
    const { token } = await createSession(h.db, {
      userId: user.id,
      ttlMs: ttl,
      now: start,
      userAgent: null,
      ip: '::1',
    });

    const soon = await resolveSession(h.db, token, ttl, new Date(start.getTime() + 10 * 60 * 1000));
    expect(soon?.renewed).toBe(false);
    expect(soon?.session.expiresAt.getTime()).toBe(start.getTime() + ttl);

    const later = new Date(start.getTime() + 20 * DAY);
    const slid = await resolveSession(h.db, token, ttl, later);
    expect(slid?.renewed).toBe(true);
    expect(slid?.session.expiresAt.getTime()).toBe(later.getTime() + ttl);
    expect(slid?.user.id).toBe(user.id);

    // 29 days after the slide the session still lives; 31 days after, it is gone.
    expect(await resolveSession(h.db, token, ttl, new Date(later.getTime() + 29 * DAY))).not.toBeNull();
    const idleToken = (
      await createSession(h.db, { userId: user.id, ttlMs: ttl, now: start, userAgent: null, ip: '::1' })
    ).token;
    expect(await resolveSession(h.db, idleToken, ttl, new Date(start.getTime() + 31 * DAY))).toBeNull();
  });

  it('records "last seen" at most once a minute without moving the expiry or the cookie', async () => {
    const user = await createUser(h.db);
    const start = new Date('2026-04-01T12:00:00Z');
    const ttl = 30 * DAY;
    const { token, id } = await createSession(h.db, {
      userId: user.id,
      ttlMs: ttl,
      now: start,
      userAgent: null,
      ip: '::1',
    });
    const lastSeen = async () =>
      await h.db
        .selectFrom('sessions')
        .select(['lastUsedAt', 'expiresAt'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    const at = (ms: number) => new Date(start.getTime() + ms);
    expect((await resolveSession(h.db, token, ttl, at(30_000)))?.renewed).toBe(false);
    expect((await lastSeen()).lastUsedAt).toEqual(start);

    const minuteLater = await resolveSession(h.db, token, ttl, at(61_000));
    expect(minuteLater?.renewed).toBe(false);
    expect(await lastSeen()).toEqual({ lastUsedAt: at(61_000), expiresAt: new Date(start.getTime() + ttl) });

    await resolveSession(h.db, token, ttl, at(90_000));
    expect((await lastSeen()).lastUsedAt).toEqual(at(61_000));
  });

  it('never resolves an unknown token, and expired rows can be swept', async () => {
    expect(await resolveSession(h.db, 'nope', DAY, new Date())).toBeNull();
    const user = await createUser(h.db);
    const past = new Date('2020-01-01T00:00:00Z');
    await createSession(h.db, { userId: user.id, ttlMs: DAY, now: past, userAgent: null, ip: '::1' });
    expect(await deleteExpiredSessions(h.db, new Date())).toBeGreaterThanOrEqual(1);
  });
});

describe('ending a session ends its live streams at once', () => {
  const PASSWORD = 'Havdalah-candle-4';
  let base: string;

  beforeAll(async () => {
    const server = await h.app();
    await server.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });

  /** A user with two sessions (two devices), and a live stream opened with the first. */
  async function streamOfFirstDevice() {
    const user = await createUser(h.db);
    const [first, second] = [await h.cookieFor(user.id), await h.cookieFor(user.id)];
    const { stream } = await SseConnection.open(`${base}/api/messages/events`, { cookie: first });
    if (!stream) throw new Error('expected a stream');
    expect((await stream.next(5000))?.event).toBe('sync');
    expect(await stream.endedWithin(200)).toBe(false);
    return { user, first, second, stream };
  }

  const ways: [string, (s: Awaited<ReturnType<typeof streamOfFirstDevice>>) => Promise<number>][] = [
    [
      'signing out',
      async ({ first }) => (await h.request('POST', '/api/auth/logout', { sessionCookie: first })).statusCode,
    ],
    [
      'signing out the other devices',
      async ({ second }) =>
        (await h.request('POST', '/api/auth/sessions/sign-out-others', { sessionCookie: second })).statusCode,
    ],
    [
      'changing the password on another device',
      async ({ user, second }) =>
        (
          await h.request(
            'POST',
            '/api/auth/password',
            { sessionCookie: second },
            {
              currentPassword: user.password,
              newPassword: PASSWORD,
            },
          )
        ).statusCode,
    ],
    [
      'resetting the password',
      async ({ user }) => {
        const token = newResetToken();
        await insertResetToken(h.db, {
          userId: user.id,
          tokenHash: hashResetToken(token),
          expiresAt: new Date(Date.now() + HOUR),
          now: new Date(),
        });
        return (
          await h.request('POST', '/api/auth/password-reset/confirm', null, { token, newPassword: PASSWORD })
        ).statusCode;
      },
    ],
  ];

  it.each(ways)('%s ends the stream within a second, well before its periodic check', async (_way, end) => {
    // The periodic check is a minute away: only the announcement of the ended session can end it.
    expect(h.deps.config.liveSessionCheckMs).toBeGreaterThanOrEqual(60_000);
    const opened = await streamOfFirstDevice();
    try {
      expect(await end(opened)).toBe(200);
      expect(await opened.stream.endedWithin(1000)).toBe(true);
      const { refused } = await SseConnection.open(`${base}/api/messages/events`, { cookie: opened.first });
      expect(refused?.status).toBe(401);
    } finally {
      opened.stream.close();
    }
  });
});
