import { describe, expect, it } from 'vitest';
import { createUser } from '../../demo/factories';
import { rowsWhere } from '../../test/fixtures';
import { harnessForFile } from '../../test/harness';
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
