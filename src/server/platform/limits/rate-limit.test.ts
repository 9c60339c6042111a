import { describe, expect, it } from 'vitest';
import { harnessForFile } from '../../test/harness';
import { consume, deleteEndedWindows, enforce, refund, resetLimit, TooManyRequestsError } from './rate-limit';

const h = harnessForFile();

const rule = { max: 6, windowMs: 60_000 };
const key = () => `test:${Math.random().toString(36).slice(2)}`;

describe('shared rate limits', () => {
  it('lets exactly max of 40 concurrent hits through, and tells the rest when to come back', async () => {
    const k = key();
    const now = new Date('2026-05-01T10:00:00Z');
    const decisions = await Promise.all(Array.from({ length: 40 }, () => consume(h.db, k, rule, now)));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(6);
    const refused = decisions.filter((d) => !d.allowed);
    expect(refused).toHaveLength(34);
    for (const d of refused) expect(d.retryAfterMs).toBe(60_000);
    const row = await h.db
      .selectFrom('rateLimits')
      .select('hits')
      .where('key', '=', k)
      .executeTakeFirstOrThrow();
    expect(row.hits).toBe(7);
  });

  it('opens a new window once the old one ends, and refund gives a hit back', async () => {
    const k = key();
    const start = new Date('2026-05-01T10:00:00Z');
    for (let i = 0; i < 6; i++) await consume(h.db, k, rule, start);
    const later = new Date(start.getTime() + 30_000);
    expect(await consume(h.db, k, rule, later)).toMatchObject({ allowed: false, retryAfterMs: 30_000 });
    await refund(h.db, k, later);
    await refund(h.db, k, later);
    expect((await consume(h.db, k, rule, later)).allowed).toBe(true);
    const next = new Date(start.getTime() + 60_000);
    expect(await consume(h.db, k, rule, next)).toEqual({ allowed: true, hits: 1, retryAfterMs: 0 });
    await resetLimit(h.db, k);
    expect(await consume(h.db, k, rule, next)).toEqual({ allowed: true, hits: 1, retryAfterMs: 0 });
  });

  it('enforce throws a 429 that carries Retry-After in whole seconds', async () => {
    const k = key();
    const now = new Date('2026-05-01T10:00:00Z');
    await enforce(h.db, k, { max: 1, windowMs: 90_500 }, now, 'Too many tries.');
    const error = await enforce(h.db, k, { max: 1, windowMs: 90_500 }, now, 'Too many tries.').catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TooManyRequestsError);
    expect((error as TooManyRequestsError).code).toBe('TOO_MANY_REQUESTS');
    expect((error as TooManyRequestsError).retryAfterSeconds).toBe(91);
    expect((error as TooManyRequestsError).message).toBe('Too many tries. Please try again in 2 minutes.');
  });

  it('sweeps ended windows', async () => {
    const k = key();
    await consume(h.db, k, rule, new Date('2020-01-01T00:00:00Z'));
    expect(await deleteEndedWindows(h.db, new Date('2026-01-01T00:00:00Z'))).toBeGreaterThanOrEqual(1);
    expect(
      await h.db.selectFrom('rateLimits').select('key').where('key', '=', k).executeTakeFirst(),
    ).toBeUndefined();
  });
});
